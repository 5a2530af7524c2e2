import { LegalPage } from "../components/legal-page.tsx";
import { WRITING_HELP } from "../content/writing-help.ts";
import { t } from "../i18n/index.ts";
import { notFoundResponse } from "../lib/route-data.ts";
import type { Route } from "./+types/writing-help";

export function loader({ params }: Route.LoaderArgs) {
  const article = WRITING_HELP[params.article];
  if (!article) throw notFoundResponse();
  return { article };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.article.title ?? ""} · ${t.brand}` },
];

/** A writing help article (the protagonist and logline articles Story Notes links to). */
export default function WritingHelp({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.article} />;
}
