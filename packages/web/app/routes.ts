import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "home-feed" }),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("signup/complete", "routes/signup-complete.tsx"),
  route("forgot", "routes/forgot.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("email-verified", "routes/email-verified.tsx"),
  route("settings", "routes/settings.tsx"),
  route("settings/your-inkwell-data", "routes/your-data.tsx"),
  route("close-account", "routes/close-account.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("story/:storyId", "routes/story.tsx"),
  route("stories/:tag", "routes/tag.tsx"),
  route(":partId", "routes/part.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
