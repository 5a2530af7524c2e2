import { LegalPage } from "../components/legal-page.tsx";
import { GUIDELINES } from "../content/legal.ts";

export const meta = () => [{ title: `${GUIDELINES.title} · Inkwell` }];

export default function Guidelines() {
  return <LegalPage document={GUIDELINES} />;
}
