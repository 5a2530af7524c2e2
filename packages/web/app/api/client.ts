import type {
  ApiError,
  CurrentUser,
  Features,
  PartDetails,
  StoryDetails,
  StoryList,
} from "@inkwell/shared";

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

/** An answer the settings forms read: {code: 467, error_code, message} when refused. */
export interface Refusal {
  code?: number | string;
  error_code?: string;
  message?: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

async function outcome<T>(response: Response): Promise<Outcome<T>> {
  const body = (await response.json().catch(() => ({}))) as T & Refusal;
  return response.ok ? { ok: true, value: body } : { ok: false, refusal: body };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

const json = (method: "PUT" | "POST", body: unknown) => ({
  method,
  headers: { accept: "application/json", "content-type": "application/json" },
  body: JSON.stringify(body),
});

export function createApiClient(fetchApi: ApiFetch) {
  const get = async <T>(path: string) => readJson<T>(await fetchApi(path));
  const call = async <T>(path: string, init: RequestInit) => outcome<T>(await fetchApi(path, init));
  return {
    storyPage: (id: number) =>
      get<StoryPageData>(`/api/v3/stories/${id}?fields=${STORY_PAGE_FIELDS.join(",")}`),
    part: (id: number) => get<PartDetails>(`/api/v3/story_parts/${id}`),
    /** The signed-in user, or null for a visitor. */
    currentUser: async () => {
      const response = await fetchApi("/api/v3/internal/current_user");
      return response.status === 401 ? null : readJson<CurrentUser>(response);
    },
    changePassword: (fields: { old_password: string; new_password: string }) =>
      call<{ redirectUrl: string }>("/apiv2/updateuserpassword", form(fields)),
    changeUsername: (fields: { username: string; password: string }) =>
      call<{ redirectUrl: string }>("/apiv2/updateusername", form(fields)),
    changeEmail: (fields: { email: string; confirm_email: string; password: string }) =>
      call<{ message: string }>("/apiv2/updateuseremail", form(fields)),
    validateEmail: (email: string) =>
      call<{ message: string }>(`/api/v3/users/validate?email=${encodeURIComponent(email)}`, {}),
    resendActivation: () =>
      call<{ message: string }>("/api/v3/users/validate", json("POST", { activation_email: true })),
    updateAccount: (
      username: string,
      fields: { birthdate?: string; beta_enabled?: boolean; is_email_reverified?: boolean },
    ) =>
      call<{ reverified?: boolean }>(
        `/api/v3/users/${encodeURIComponent(username)}`,
        json("PUT", fields),
      ),
    updateNotifications: (username: string, settings: CurrentUser["notificationSettings"]) =>
      call<CurrentUser["notificationSettings"]>(
        `/api/v3/users/${encodeURIComponent(username)}/notification-settings`,
        json("PUT", settings),
      ),
    /** Which social sign-ins are configured (the "Continue with Google" buttons). */
    authProviders: () => get<{ google: boolean }>("/api/v3/auth/providers"),
    features: () => get<Features>("/api/v3/internal/features?platform=web"),
    /** A pending social sign-up for the completion form, or null when gone or expired. */
    socialSignup: async (token: string) => {
      const response = await fetchApi(
        `/api/v3/auth/social-signup?${new URLSearchParams({ token })}`,
      );
      if (response.status === 404 || response.status === 400) return null;
      return readJson<{
        provider: string;
        email: string | null;
        name: string | null;
        birthdayKnown: boolean;
      }>(response);
    },
    unlinkGoogle: () =>
      call<{ message: string }>("/apiv2/linksocialmedia", form({ action: "unlinkgoogle" })),
    /** Votes for a part (on) or takes the vote back (off); answers the new state. */
    vote: (storyId: number, partId: number, on: boolean) =>
      call<{ voted: boolean; votes: number }>(`/api/v3/stories/${storyId}/parts/${partId}/votes`, {
        method: on ? "POST" : "DELETE",
        headers: { accept: "application/json" },
      }),
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

/** The client for code running in the browser: same calls, through fetch. */
export const browserApi = (): ApiClient => createApiClient((path, init) => fetch(path, init));
