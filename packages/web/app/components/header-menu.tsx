import { Menu, X } from "lucide";
import { useId, useRef, useState } from "react";
import { t } from "../i18n/index.ts";
import { useDismiss } from "../lib/use-dismiss.ts";
import { Icon } from "./icon.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { ScriptButton } from "./script-button.tsx";

/**
 * The visitors' header links that do not fit up to 1200 px or 75 em (Writer Opportunities in
 * English, Community, the language dropdown), behind a Menu button on phones, tablets and
 * small laptops; CSS hides the button beyond, where the header shows them itself. A
 * disclosure, not a menu widget: the button says whether it is expanded, focus stays where
 * it is, Tab walks the links, and Escape or a press outside closes it, Escape returning focus
 * to the button. The panel exists only while open: the button needs scripts anyway, and
 * every visitor's page is spared rendering links the header and footer already carry.
 */
export function HeaderMenu({ locale }: { locale: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(open, root, (by) => {
    setOpen(false);
    if (by === "escape") button.current?.focus();
  });

  return (
    <div className="header-menu" ref={root}>
      <ScriptButton
        ref={button}
        className="header-menu__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {open ? (
          <Icon of={X} aria-hidden="true" size={22} />
        ) : (
          <Icon of={Menu} aria-hidden="true" size={22} />
        )}
        <span className="visually-hidden">{t.header.menu}</span>
      </ScriptButton>
      {open && (
        <nav id={panelId} className="header-menu__panel" aria-label={t.header.menu}>
          {locale === "en" && (
            <a className="header-menu__link" href="/#get-discovered">
              {t.header.writerOpportunities}
            </a>
          )}
          <h2 className="header-menu__heading" id={`${panelId}-community`}>
            {t.header.community}
          </h2>
          <ul className="header-menu__list" aria-labelledby={`${panelId}-community`}>
            {t.header.communityLinks.map((link) => (
              <li key={link.url}>
                <a className="header-menu__link" href={link.url}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <LanguagePicker current={locale} id="menu-language" className="header-menu__language" />
        </nav>
      )}
    </div>
  );
}
