import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("story/:storyId", "routes/story.tsx"),
  route("stories/:tag", "routes/tag.tsx"),
  route(":partId", "routes/part.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
