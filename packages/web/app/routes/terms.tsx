import { LegalPage } from "../components/legal-page.tsx";
import { TERMS } from "../content/legal.ts";

export const meta = () => [{ title: `${TERMS.title} · Inkwell` }];

export default function Terms() {
  return <LegalPage document={TERMS} />;
}
