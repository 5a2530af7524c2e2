import { ErrorPage } from "../components/error-page.tsx";
import { notFoundResponse } from "../lib/route-data.ts";

export function loader(): never {
  throw notFoundResponse();
}

export default function NotFound() {
  return <ErrorPage kind="notFound" />;
}
