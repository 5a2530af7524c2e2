import type { ApiError, CurrentUser, PartDetails, StoryDetails, StoryList } from "@inkwell/shared";

/** How the client reaches the API: in-process on the server, fetch in the browser. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, body: Partial<ApiError>) {
    super(body.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.code = body.code ?? "unknown";
  }
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as Partial<ApiError>;
  throw new ApiRequestError(response.status, body);
}

/** The story fields the story page shows (recommendations come with the reading issue). */
export const STORY_PAGE_FIELDS = [
  "id",
  "title",
  "url",
  "cover",
  "description",
  "user",
  "completed",
  "mature",
  "isPaid",
  "draft",
  "deleted",
  "numParts",
  "numNewParts",
  "readCount",
  "voteCount",
  "length",
  "language",
  "storyTags",
  "parts",
  "firstStoryPart",
  "modifyDate",
] as const satisfies ReadonlyArray<keyof StoryDetails>;

export type StoryPageData = Pick<StoryDetails, (typeof STORY_PAGE_FIELDS)[number]>;

export interface StoryListQuery {
  filter?: "hot" | "new";
  tag?: string;
  limit?: number;
  offset?: number;
}

export function createApiClient(fetchApi: ApiFetch) {
  const get = async <T>(path: string) => readJson<T>(await fetchApi(path));
  return {
    storyPage: (id: number) =>
      get<StoryPageData>(`/api/v3/stories/${id}?fields=${STORY_PAGE_FIELDS.join(",")}`),
    part: (id: number) => get<PartDetails>(`/api/v3/story_parts/${id}`),
    /** The signed-in user, or null for a visitor. */
    currentUser: async () => {
      const response = await fetchApi("/api/v3/internal/current_user");
      return response.status === 401 ? null : readJson<CurrentUser>(response);
    },
    stories: (query: StoryListQuery) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) params.set(key, String(value));
      }
      return get<StoryList>(`/api/v3/stories?${params}`);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
