import type {
  CommentData,
  CommentLikeState,
  CommentPage,
  CommentResource,
  ParagraphCommentCounts,
} from "@inkwell/shared";
import { json, noBody, type Requests } from "./http.ts";

/** A set of comments: how many, after which cursor, and on which paragraph (none: the part). */
export interface CommentQuery {
  limit: number;
  after?: string | null;
  paragraphId?: string | null;
}

function commentParams({ limit, after }: CommentQuery) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (after) params.set("after", after);
  return params;
}

export const commentsCalls = ({ get, call }: Requests) => ({
  /** A set of threads on a part, or on one paragraph of it; `after` continues a walk. */
  comments: (partId: number, query: CommentQuery) => {
    const paragraph = query.paragraphId
      ? `/paragraphs/${encodeURIComponent(query.paragraphId)}`
      : "";
    return get<CommentPage>(
      `/v5/comments/namespaces/parts/resources/${partId}${paragraph}/comments?${commentParams(query)}`,
    );
  },
  paragraphCommentCounts: (partId: number) =>
    get<ParagraphCommentCounts>(`/v5/comments/namespaces/parts/resources/${partId}/paragraphs`),
  comment: (id: string) => get<CommentData>(`/v5/comments/${id}`),
  replies: (id: string, query: CommentQuery) =>
    get<CommentPage>(
      `/v5/comments/namespaces/comments/resources/${id}/comments?${commentParams(query)}`,
    ),
  postComment: (resource: CommentResource, text: string) =>
    call<CommentData>("/v5/comments", json("POST", { resource, text })),
  deleteComment: (id: string) => call<null>(`/v5/comments/${id}`, noBody("DELETE")),
  /** Likes (on) or unlikes a comment; answers the new count. */
  likeComment: (id: string, on: boolean) =>
    call<CommentLikeState>(`/v5/comments/${id}/sentiments/like`, noBody(on ? "PUT" : "DELETE")),
});
