import { Description, Field as HField, Input, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions, Switch } from "@headlessui/react";
import { type InputHTMLAttributes, type ReactNode, useState } from "react";
import { useT } from "../i18n";
import { Icon } from "./Icon";

const control =
  "block w-full rounded-lg border bg-surface px-3 text-sm text-ink shadow-sm transition-colors placeholder:text-subtle focus:outline-none focus:ring-4 data-[invalid]:border-red-500 data-[invalid]:focus:ring-red-500/15";
const controlOk = "border-line focus:border-brand-500 focus:ring-brand-500/15";

/** Label, control, hint and error (an i18n key, translated here) as one accessible field. */
export function Field({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: ReactNode }) {
  const t = useT();
  return (
    <HField className="flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-ink">{label}</Label>
      {children}
      {error ? (
        <Description className="text-xs font-medium text-red-600 dark:text-red-400" role="alert">
          {t(error)}
        </Description>
      ) : hint ? (
        <Description className="text-xs text-muted">{hint}</Description>
      ) : null}
    </HField>
  );
}

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> {
  label: string;
  error?: string;
  hint?: string;
  onValue: (value: string) => void;
}

/** A labelled text input; `error` is an i18n key such as "validation.tooShort". */
export function TextInput({ label, error, hint, onValue, type = "text", ...rest }: TextInputProps) {
  const t = useT();
  const [show, setShow] = useState(false);
  const isPassword = type === "password";
  return (
    <Field label={label} error={error} hint={hint}>
      <div className="relative">
        <Input
          type={isPassword && show ? "text" : type}
          invalid={!!error}
          onChange={(e) => onValue(e.target.value)}
          className={`${control} ${error ? "" : controlOk} h-10 ${isPassword ? "pr-10" : ""}`}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setShow(!show)}
            aria-label={t(show ? "common.hidePassword" : "common.showPassword")}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-subtle hover:text-ink"
          >
            <Icon name={show ? "eyeOff" : "eye"} className="size-4" />
          </button>
        )}
      </div>
    </Field>
  );
}

export interface Option<V> {
  value: V;
  label: string;
  color?: string;
}

const optionsPanel =
  "z-50 max-h-64 w-(--button-width) overflow-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-pop focus:outline-none [--anchor-gap:4px]";
const optionRow =
  "group flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-ink data-[focus]:bg-brand-50 dark:data-[focus]:bg-brand-500/10";

function OptionRow<V>({ option }: { option: Option<V> }) {
  return (
    <ListboxOption value={option.value} className={optionRow}>
      {option.color && <span className="size-2.5 rounded-full" style={{ backgroundColor: option.color }} />}
      <span className="flex-1 truncate">{option.label}</span>
      <Icon name="check" className="invisible size-4 text-brand-600 group-data-[selected]:visible" />
    </ListboxOption>
  );
}

/** A single-choice select (headless Listbox) with a label. */
export function Select<V extends string | number>({
  label,
  value,
  options,
  onValue,
  error,
}: {
  label: string;
  value: V;
  options: Option<V>[];
  onValue: (v: V) => void;
  error?: string;
}) {
  const current = options.find((o) => o.value === value);
  return (
    <Field label={label} error={error}>
      <Listbox value={value} onChange={onValue}>
        <ListboxButton className={`${control} ${controlOk} flex h-10 items-center justify-between text-left`}>
          <span className="truncate">{current?.label ?? ""}</span>
          <Icon name="chevronDown" className="size-4 text-subtle" />
        </ListboxButton>
        <ListboxOptions anchor="bottom start" className={optionsPanel}>
          {options.map((o) => (
            <OptionRow key={String(o.value)} option={o} />
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}

/** A multiple-choice select showing the chosen options as coloured chips. */
export function MultiSelect<V extends string | number>({
  label,
  value,
  options,
  onValue,
  error,
}: {
  label: string;
  value: V[];
  options: Option<V>[];
  onValue: (v: V[]) => void;
  /** An i18n key shown under the control. */
  error?: string;
}) {
  const t = useT();
  const chosen = options.filter((o) => value.includes(o.value));
  return (
    <Field label={label} error={error}>
      <Listbox value={value} onChange={onValue} multiple>
        <ListboxButton className={`${control} ${controlOk} flex min-h-10 items-center justify-between gap-2 py-1.5 text-left`}>
          <span className="flex flex-wrap gap-1">
            {chosen.length === 0 && <span className="text-subtle">{t("common.noOptions")}</span>}
            {chosen.map((o) => (
              <span
                key={String(o.value)}
                className="rounded-full px-2 py-0.5 text-xs font-medium text-white"
                style={{ backgroundColor: o.color ?? "var(--color-brand-600)" }}
              >
                {o.label}
              </span>
            ))}
          </span>
          <Icon name="chevronDown" className="size-4 shrink-0 text-subtle" />
        </ListboxButton>
        <ListboxOptions anchor="bottom start" className={optionsPanel}>
          {options.length === 0 && <div className="px-2.5 py-2 text-muted">{t("common.noOptions")}</div>}
          {options.map((o) => (
            <OptionRow key={String(o.value)} option={o} />
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}

/** An on/off switch with its label on the left (headless UI Switch, keyboard and screen-reader ready). */
export function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center justify-between gap-3 text-sm font-medium text-ink">
      {label}
      <Switch
        checked={checked}
        onChange={onChange}
        aria-label={label}
        className="group relative inline-flex h-6 w-11 shrink-0 rounded-full bg-line transition-colors data-[checked]:bg-brand-600"
      >
        <span className="m-0.5 size-5 rounded-full bg-white shadow transition-transform group-data-[checked]:translate-x-5" />
      </Switch>
    </label>
  );
}

const area =
  "block min-h-16 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/** A labelled multi-line text input; `error` is an i18n key. */
export function TextArea({
  label,
  name,
  value,
  onValue,
  error,
  hint,
  rows = 3,
  placeholder,
  maxLength,
}: {
  label: string;
  name: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
  placeholder?: string;
  maxLength?: number;
}) {
  const t = useT();
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
      {label}
      <textarea
        name={name}
        rows={rows}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e) => onValue(e.target.value)}
        className={`${area} placeholder:text-subtle`}
      />
      {error ? (
        <span className="text-xs font-medium text-red-600" role="alert">
          {t(error)}
        </span>
      ) : (
        hint && <span className="text-xs font-normal text-muted">{hint}</span>
      )}
    </label>
  );
}
