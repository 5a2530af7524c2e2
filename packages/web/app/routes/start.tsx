import { redirect } from "react-router";

/** /start, where the writer questionnaire ends: onboarding goes on with the reader's genres. */
export const loader = () => redirect("/start/genres");
