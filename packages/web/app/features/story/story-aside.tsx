import type { TagRanking } from "@inkwell/shared";
import { Award, BookHeart, Gem, ShieldCheck } from "lucide";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { SubscribeNow } from "../premium-picks/subscribe-now.tsx";

/** The best rank, linking to every rank the story holds. */
export function RankingsLink({ storyUrl, rankings }: { storyUrl: string; rankings: TagRanking[] }) {
  const best = rankings[0];
  if (!best) return null;
  return (
    <a className="rankings-link" href={`${storyUrl}/rankings`}>
      <Icon of={Award} aria-hidden="true" size={18} />
      <span>
        <strong>{t.rankings.rankIn(best.rank, best.name)}</strong>
        {rankings.length > 1 && <span> · {t.rankings.seeAll(rankings.length)}</span>}
      </span>
    </a>
  );
}

/** For visitors: why to sign up, with the story's own title (reader.md §2). */
export function SignUpCard({ title, nextUrl }: { title: string; nextUrl: string }) {
  const query = new URLSearchParams({ nextUrl }).toString();
  return (
    <aside className="side-card side-card--accent" aria-labelledby="signup-card-heading">
      <Icon of={BookHeart} aria-hidden="true" size={24} />
      <h2 id="signup-card-heading">{t.story.signupCard(title)}</h2>
      <a className="button button--primary" href={`/signup?${query}`}>
        {t.story.signUp}
      </a>
    </aside>
  );
}

export function GuidelinesCard() {
  return (
    <aside className="side-card" aria-labelledby="guidelines-card-heading">
      <Icon of={ShieldCheck} aria-hidden="true" size={24} />
      <h2 id="guidelines-card-heading">{t.story.guidelinesHeading}</h2>
      <p>{t.story.guidelinesText}</p>
      <a className="tap-target" href="/guidelines">
        {t.footer.guidelines}
      </a>
    </aside>
  );
}

/**
 * The Premium Picks card (reader.md §2): the picks banner of other pages, in the spec's
 * words, leading to the picks, with Subscribe now for non-subscribers.
 */
export function PremiumPicksCard() {
  return (
    <aside className="side-card" aria-labelledby="picks-card-heading">
      <Icon of={Gem} aria-hidden="true" size={24} />
      <h2 id="picks-card-heading">{t.picksBanner.title}</h2>
      <p>{t.picksBanner.banner}</p>
      <a className="tap-target" href="/catalog/premiumpicks">
        {t.picksBanner.seePicks}
      </a>
      <SubscribeNow />
    </aside>
  );
}
