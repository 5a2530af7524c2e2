import { localeFrom } from "@inkwell/shared";
import { lazy, type ReactNode, Suspense } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { apiContext } from "./api/context.ts";
import { ErrorPage } from "./components/error-page.tsx";
import { IconSprite } from "./components/icon.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { englishPicks } from "./features/home/picks-link.ts";
import { t } from "./i18n/index.ts";
import { EDIT_WATCH, useEarlyInputReplay } from "./lib/early-input.ts";
import { useStoryClickEvents } from "./lib/story-clicks.ts";
import { useFocusNewPage } from "./lib/use-focus-new-page.ts";
import styles from "./styles/app.css?url";

export const links = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Only signed-in readers with an old confirmation see it: visitors never download it.
const ReverificationModal = lazy(() =>
  import("./features/accounts/reverification.tsx").then((module) => ({
    default: module.ReverificationModal,
  })),
);

/** Who is signed in, for the header; visitors (no cookies at all) cost no API call. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookie = request.headers.get("cookie");
  const api = context.get(apiContext);
  const locale = localeFrom(cookie);
  const [user, picks] = await Promise.all([
    cookie ? api.currentUser() : null,
    locale === "en" ? englishPicks(api) : null,
  ]);
  return { user, locale, picks };
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const user = root?.user ?? null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script */}
        <script dangerouslySetInnerHTML={{ __html: EDIT_WATCH }} />
        <Meta />
        <Links />
      </head>
      <body>
        <IconSprite />
        <a className="skip-link" href="#main">
          {t.nav.skipToContent}
        </a>
        <SiteHeader locale={root?.locale ?? "en"} picks={root?.picks ?? null} />
        <main id="main" tabIndex={-1}>
          {user?.verified_email && !user.email_reverification_status.is_email_reverified && (
            <Suspense fallback={null}>
              <ReverificationModal user={user} />
            </Suspense>
          )}
          {children}
        </main>
        <SiteFooter locale={root?.locale ?? "en"} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useStoryClickEvents();
  useFocusNewPage();
  useEarlyInputReplay();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage kind="generic" />;
}
