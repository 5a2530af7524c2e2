import type {
  AnalyticsDemographics,
  AnalyticsInteractions,
  AnalyticsOverview,
} from "@inkwell/shared";
import type { Requests } from "./http.ts";

export const analyticsCalls = ({ get }: Requests) => ({
  analyticsOverview: (storyId: number) =>
    get<AnalyticsOverview>(`/v5/analytics/stories/${storyId}/overview`),
  analyticsInteractions: (storyId: number) =>
    get<AnalyticsInteractions>(`/v5/analytics/stories/${storyId}/interactions`),
  analyticsDemographics: (storyId: number) =>
    get<AnalyticsDemographics>(`/v5/analytics/stories/${storyId}/demographics`),
});
