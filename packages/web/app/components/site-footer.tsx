import { DMCA_PATH } from "@inkwell/shared";
import { t } from "../i18n/index.ts";
import { LanguagePicker } from "./language-picker.tsx";
import { LogoMark } from "./logo.tsx";

export function SiteFooter({ locale }: { locale: string }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">
          <LogoMark />
          <span>
            <strong>{t.brand}</strong> · {t.footer.tagline}
          </span>
        </p>
        <nav className="site-footer__links" aria-label={t.footer.linksLabel}>
          <a href="/guidelines">{t.footer.guidelines}</a>
          <a href="/terms">{t.footer.terms}</a>
          <a href="/privacy">{t.footer.privacy}</a>
          <a href="/privacy/do-not-sell">{t.footer.doNotSell}</a>
          <a href={DMCA_PATH}>{t.footer.copyright}</a>
        </nav>
        <LanguagePicker current={locale} />
        <p className="site-footer__legal">
          © {new Date().getFullYear()} {t.brand}
        </p>
      </div>
    </footer>
  );
}
