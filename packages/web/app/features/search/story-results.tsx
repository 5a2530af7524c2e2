import type { StoryCard, StorySearchFilters, StorySearchResult } from "@inkwell/shared";
import { browserApi } from "../../api/client.ts";
import { t } from "../../i18n/index.ts";
import { useSteppedList } from "../../lib/use-stepped-list.tsx";
import { filtersToUrl, searchPath } from "./filters.ts";
import { NoResults } from "./no-results.tsx";
import { StoryResult } from "./story-result.tsx";

/** reader.md §9: story search shows 3 per step on a phone, 15 on wider screens. */
export const STORY_PAGE = 15;
const MOBILE_STEP = 3;

interface StoryResultsProps {
  term: string;
  filters: StorySearchFilters;
  first: StorySearchResult;
  offset: number;
}

export function StoryResults({ term, filters, first, offset }: StoryResultsProps) {
  const params = filtersToUrl(filters);
  params.set("offset", String(offset + first.stories.length));
  const { items, hiddenOnMobile, button, failure } = useSteppedList<StoryCard>({
    first: { items: first.stories, next: first.nextUrl },
    mobileStep: MOBILE_STEP,
    keyOf: (story) => story.id,
    load: async (next) => {
      const page = await browserApi().searchStoriesAt(next);
      return { items: page.stories, next: page.nextUrl };
    },
    moreHref: `${searchPath(term, "stories")}?${params}`,
  });
  if (items.length === 0) {
    return (
      <NoResults hint={t.search.storiesHint}>
        <p>
          <a href={searchPath(term, "people")}>{t.search.peopleInstead(term)}</a>
        </p>
      </NoResults>
    );
  }
  return (
    <>
      <ul className="search-results" aria-label={t.search.storyResults(term)}>
        {items.map((story, index) => (
          <li key={story.id} data-mobile-hidden={hiddenOnMobile(index)}>
            <StoryResult story={story} />
          </li>
        ))}
      </ul>
      {button}
      {failure}
    </>
  );
}
