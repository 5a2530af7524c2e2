import { createContext, RouterContextProvider } from "react-router";
import { type ApiClient, type ApiFetch, createApiClient } from "./client.ts";

export const apiContext = createContext<ApiClient>();

/** The server builds one load context per request, with the API reachable in-process. */
export function createLoadContext(fetchApi: ApiFetch): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, createApiClient(fetchApi));
  return context;
}
