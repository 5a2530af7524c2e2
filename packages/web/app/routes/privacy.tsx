import { LegalPage } from "../components/legal-page.tsx";
import { PRIVACY } from "../content/legal.ts";

export const meta = () => [{ title: `${PRIVACY.title} · Inkwell` }];

export default function Privacy() {
  return <LegalPage document={PRIVACY} />;
}
