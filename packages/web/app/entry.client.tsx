import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { noteEarlyInput } from "./lib/early-input.ts";

// React Router's own entry, but for what the reader typed while the scripts were on their way.
noteEarlyInput();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
