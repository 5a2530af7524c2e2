import type { Plugin } from "vite";

/** The modules every page runs from: the client entry and the root route. */
const SHELL_ENTRIES = /[\\/]app[\\/](entry\.client|root)\.tsx/;
/**
 * Not followed: libraries keep their own chunks (an app change leaves them cached), and a
 * barrel (the catalogue's `t`, @inkwell/shared) re-exports far more than the root uses.
 */
const NOT_SHELL = /node_modules|[\\/]i18n[\\/]index\.ts|[\\/]shared[\\/]src[\\/]index\.ts/;

/**
 * Puts the app's own modules that the client entry and the root route import in one chunk.
 * Every page loads all of them, but the bundler gives each set of routes sharing a module a
 * chunk of its own: a few hundred bytes each, a request each, a round trip each on a slow
 * phone's HTTP/1.1 connections. No page loads a byte more.
 */
export function shellChunk(): Plugin {
  const shell = new Set<string>();
  return {
    name: "inkwell-shell-chunk",
    apply: "build",
    config: () => ({
      environments: {
        client: {
          build: {
            rolldownOptions: {
              output: {
                codeSplitting: { groups: [{ name: "shell", test: (id: string) => shell.has(id) }] },
              },
            },
          },
        },
      },
    }),
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => SHELL_ENTRIES.test(id));
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (shell.has(id) || NOT_SHELL.test(id)) continue;
        shell.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
