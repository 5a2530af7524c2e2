import { ACCOUNT_MESSAGES, isEmail, PRONOUNS, USERNAME_PATTERN } from "@inkwell/shared";
import {
  type FocusEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { browserApi, type Outcome } from "../../api/client.ts";
import { ErrorLine, REPEAT_PAUSE_MS } from "../../components/alert.tsx";
import { t } from "../../i18n/index.ts";
import { scrollClearOfToast } from "../../lib/scroll-clear-of-toast.ts";
import type { KeptValues } from "./signup-post.ts";

/** What the server answers a refused sign-up: a code, a message, and messages per field. */
export interface SignupFailure {
  code?: string;
  msg?: string;
  fields?: Record<string, string>;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, "0"));
const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

/**
 * The behaviour both sign-up forms share: post with fetch (the form still posts without
 * JavaScript), follow redirectUrl, or show the failure, optionally after a short delay,
 * and focus the first field it names. Field ids are `${prefix}-${field}`.
 */
export function useSignupForm(
  prefix: string,
  action: string,
  initial: SignupFailure | null,
  delayMs = 0,
) {
  const [failure, setFailure] = useState<SignupFailure | null>(initial);
  // What a field's own check said when the visitor left it: it stands over what the last
  // submit said of that field, until the next submit.
  const [checked, setChecked] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Whether a press (mouse, finger, pen) is down: see `settle`.
  const pressed = useRef(false);
  useEffect(() => {
    const press = () => {
      pressed.current = true;
    };
    const release = () => {
      pressed.current = false;
    };
    window.addEventListener("pointerdown", press, true);
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
    return () => {
      window.removeEventListener("pointerdown", press, true);
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    };
  }, []);

  function show(next: SignupFailure) {
    // The error lines and the toast are emptied now and filled when the failure shows: after
    // a message already shown, a pause long enough for screen readers to hear them emptied,
    // so the same refusal again is said again (decision 131).
    const again = failure !== null || Object.values(checked).some(Boolean);
    flushSync(() => {
      setFailure(null);
      setChecked({});
    });
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        // Rendered at once: the error lines and the toast decide where the field must scroll to.
        flushSync(() => setFailure(next));
        const first = Object.keys(next.fields ?? {})[0];
        const field = first && document.getElementById(`${prefix}-${first.split("_")[0]}`);
        if (!field) return;
        field.focus();
        scrollClearOfToast(field);
      },
      Math.max(delayMs, again ? REPEAT_PAUSE_MS : 0),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch(action, {
        method: "POST",
        headers: { accept: "application/json" },
        body: new URLSearchParams(
          new FormData(event.currentTarget) as unknown as Record<string, string>,
        ),
      });
      const body = (await response.json()) as SignupFailure & { redirectUrl?: string };
      if (response.ok && body.redirectUrl) {
        window.location.replace(body.redirectUrl);
        return;
      }
      show(body);
    } catch {
      // No answer to read: each form words an unknown failure its own way.
      show({ code: "unknown" });
    } finally {
      setBusy(false);
    }
  }

  /**
   * Shows what a field's own check said. A press that left the field (onto the consent box,
   * the submit button) is still down when the check answers: a message coming or going now
   * would move the form under it and the release would miss what was pressed, so the
   * message waits until the press is over.
   */
  function settle(name: string, problem: string | null) {
    const show = () => setChecked((all) => ({ ...all, [name]: problem }));
    if (!pressed.current) {
      show();
      return;
    }
    const over = new AbortController();
    const after = () => {
      over.abort();
      setTimeout(show);
    };
    window.addEventListener("pointerup", after, { signal: over.signal });
    window.addEventListener("pointercancel", after, { signal: over.signal });
  }

  const fieldError = (name: string) =>
    name in checked ? (checked[name] ?? undefined) : failure?.fields?.[name];
  /**
   * Checks a field when the visitor leaves it (accounts-safety-messaging.md §5: validation
   * on blur), so a mistake shows before the whole form is sent. An empty field waits for
   * the submit: tabbing through the form should not fill it with errors.
   */
  const checkOnBlur =
    (
      name: string,
      check: (value: string, form: HTMLFormElement | null) => Promise<string | null>,
    ) =>
    async (event: FocusEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      if (input.value === "") return;
      settle(name, await check(input.value, input.form));
    };
  /**
   * A field the visitor puts right loses its message at once; a wrong one keeps what it
   * had until it is left or the form is sent (the checkbox and the birthday's selects have
   * no text to leave half typed).
   */
  const clearWhenRight = (name: string, right: boolean) => {
    if (right && fieldError(name)) settle(name, null);
  };
  const describe = (name: string) => (fieldError(name) ? `${prefix}-${name}-error` : undefined);
  // In the page before it speaks, so each message is said as it comes (ErrorLine).
  const errorLine = (name: string): ReactNode => (
    <ErrorLine id={`${prefix}-${name}-error`} text={fieldError(name) ?? null} />
  );
  // The failure while a field it named still has a message: all put right, it asks nothing more.
  const named = Object.keys(failure?.fields ?? {});
  const standingFailure =
    named.length === 0 || named.some((name) => fieldError(name)) ? failure : null;
  // The refusal the page was rendered with (a post without JavaScript, decision 116), not one
  // a script's post brought: the page shows it in the form, where no script is needed to close it.
  const rendered = failure !== null && failure === initial;
  return {
    failure,
    standingFailure,
    rendered,
    busy,
    submit,
    fieldError,
    describe,
    errorLine,
    checkOnBlur,
    clearWhenRight,
  };
}

type Form = ReturnType<typeof useSignupForm>;

/** A field's ids, the form's messages, and what a refused post had typed in it. */
interface FieldProps {
  prefix: string;
  form: Form;
  kept: KeptValues;
}

/** What the server says of a field's value (GET /api/v3/users/validate), if it answers. */
async function serverProblem(check: Promise<Outcome<unknown>>): Promise<string | null> {
  const answer = await check.catch(() => null);
  // No answer is no verdict: the submit still checks.
  return answer && !answer.ok ? (answer.refusal.message ?? null) : null;
}

/** The address's form here, then whether the server takes it. */
async function emailProblem(value: string): Promise<string | null> {
  const email = value.trim();
  if (!isEmail(email)) return ACCOUNT_MESSAGES.emailInvalid;
  return serverProblem(browserApi().validateEmail(email));
}

/** The name's form here, then whether another account has it (decision 105). */
export async function usernameProblem(value: string): Promise<string | null> {
  if (!USERNAME_PATTERN.test(value)) return ACCOUNT_MESSAGES.usernameFormat;
  return serverProblem(browserApi().validateUsername(value));
}

export function EmailField({ prefix, form, kept }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-email`}>{t.account.email}</label>
      <input
        id={`${prefix}-email`}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={kept.email}
        required
        aria-invalid={form.fieldError("email") ? true : undefined}
        aria-describedby={form.describe("email")}
        onBlur={form.checkOnBlur("email", emailProblem)}
      />
      {form.errorLine("email")}
    </div>
  );
}

/** The birthday selector: day 1-31, month 01-12, year from this year back 100. */
export function BirthdayField({ prefix, years, form, kept }: FieldProps & { years: number[] }) {
  const parts = [
    { name: "birthday_day", label: t.account.day, options: DAYS },
    { name: "birthday_month", label: t.account.month, options: MONTHS },
    { name: "birthday_year", label: t.account.year, options: years.map(String) },
  ] as const;
  return (
    <fieldset
      className="field birthday"
      aria-describedby={form.describe("birthday")}
      onChange={(event) =>
        form.clearWhenRight(
          "birthday",
          [...event.currentTarget.querySelectorAll("select")].every((select) => select.value),
        )
      }
    >
      <legend>{t.account.birthday}</legend>
      <div className="birthday__parts">
        {parts.map((part, index) => (
          <label key={part.name}>
            <span className="visually-hidden">{part.label}</span>
            <select
              id={index === 0 ? `${prefix}-birthday` : undefined}
              name={part.name}
              defaultValue={kept[part.name] ?? ""}
              required
              aria-invalid={form.fieldError("birthday") ? true : undefined}
            >
              <option value="" disabled>
                {part.label}
              </option>
              {part.options.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {form.errorLine("birthday")}
    </fieldset>
  );
}

export function PronounsField({ prefix, kept }: { prefix: string; kept: KeptValues }) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-pronouns`}>{t.account.pronouns}</label>
      <select id={`${prefix}-pronouns`} name="pronouns" defaultValue={kept.pronouns ?? ""}>
        {(["", ...PRONOUNS] as const).map((value) => (
          <option key={value} value={value}>
            {t.account.pronounOptions[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function MarketingField({ prefix, kept }: { prefix: string; kept: KeptValues }) {
  return (
    <div className="field field--check">
      <input
        id={`${prefix}-marketing`}
        name="marketing"
        type="checkbox"
        defaultChecked={kept.marketing !== undefined}
      />
      <label htmlFor={`${prefix}-marketing`}>{t.account.marketing}</label>
    </div>
  );
}

/** The required policy consent, linking /terms and /privacy. */
export function ConsentField({ prefix, form, kept }: FieldProps) {
  return (
    <div className="field field--check">
      <input
        id={`${prefix}-consent`}
        name="consent"
        type="checkbox"
        defaultChecked={kept.consent !== undefined}
        required
        aria-invalid={form.fieldError("consent") ? true : undefined}
        aria-describedby={form.describe("consent")}
        onChange={(event) => form.clearWhenRight("consent", event.currentTarget.checked)}
      />
      <label htmlFor={`${prefix}-consent`}>
        {t.account.consentBefore}
        <a href="/terms">{t.account.terms}</a>
        {t.account.consentMiddle}
        <a href="/privacy">{t.account.privacy}</a>.
      </label>
      {form.errorLine("consent")}
    </div>
  );
}
