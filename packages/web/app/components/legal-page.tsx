import type { LegalDocument } from "../content/legal.ts";

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="legal" aria-labelledby="legal-heading">
      <h1 id="legal-heading">{document.title}</h1>
      <p className="legal__updated">Last updated {document.updated}</p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
