import { Description, Field as HField, Input, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions, Switch, Textarea } from "@headlessui/react";
import { type InputHTMLAttributes, type ReactNode, useState } from "react";
import { useT } from "../i18n";
import { Swatch } from "./Badge";
import { Icon } from "./Icon";

const control =
  "block w-full rounded-lg border bg-surface px-3 text-sm text-ink shadow-sm transition-colors placeholder:text-subtle focus:outline-none focus:ring-4 data-[invalid]:border-red-500 data-[invalid]:focus:ring-red-500/15";
const controlOk = "border-line focus:border-brand-500 focus:ring-brand-500/15";

/**
 * The form-field kit: every field takes the same props (`FieldProps`: label, name, value, `onValue`,
 * error as an i18n key, hint), so `useEntityForm`'s `field("key")` binds any of them to a form value.
 */
export interface FieldProps<V> {
  label: string;
  name?: string;
  value: V;
  onValue: (value: V) => void;
  /** An i18n key such as "validation.tooShort", translated under the control. */
  error?: string;
  hint?: string;
  disabled?: boolean;
}

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

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value">, FieldProps<string> {}

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
      {option.color && <Swatch color={option.color} />}
      <span className="flex-1 truncate">{option.label}</span>
      <Icon name="check" className="invisible size-4 text-brand-600 group-data-[selected]:visible" />
    </ListboxOption>
  );
}

/** A single-choice select (headless Listbox) with a label. */
export function Select<V extends string | number>({ label, name, value, options, onValue, error, hint, disabled }: FieldProps<V> & { options: Option<V>[] }) {
  const current = options.find((o) => o.value === value);
  return (
    <Field label={label} error={error} hint={hint}>
      <Listbox name={name} value={value} onChange={onValue} disabled={disabled}>
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
export function MultiSelect<V extends string | number>({ label, value, options, onValue, error, hint, disabled }: FieldProps<V[]> & { options: Option<V>[] }) {
  const t = useT();
  const chosen = options.filter((o) => value.includes(o.value));
  return (
    <Field label={label} error={error} hint={hint}>
      <Listbox value={value} onChange={onValue} multiple disabled={disabled}>
        <ListboxButton className={`${control} ${controlOk} flex min-h-10 items-center justify-between gap-2 py-1.5 text-left`}>
          <span className="flex flex-wrap gap-1">
            {chosen.length === 0 && <span className="text-subtle">{t("common.choose")}</span>}
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
export function Toggle({ label, name, value, onValue, error, hint, disabled }: FieldProps<boolean>) {
  const t = useT();
  const note = error ? t(error) : hint;
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center justify-between gap-3 text-sm font-medium text-ink">
        {label}
        <Switch
          name={name}
          checked={value}
          onChange={onValue}
          disabled={disabled}
          aria-label={label}
          className="group relative inline-flex h-6 w-11 shrink-0 rounded-full bg-line transition-colors data-[checked]:bg-brand-600 data-[disabled]:opacity-60"
        >
          <span className="m-0.5 size-5 rounded-full bg-white shadow transition-transform group-data-[checked]:translate-x-5" />
        </Switch>
      </label>
      {note && (
        <p className={error ? "text-xs font-medium text-red-600 dark:text-red-400" : "text-xs text-muted"} role={error ? "alert" : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}

/** A labelled multi-line text input (`rows` sets its height; it grows no further than the dialog). */
export function TextArea({
  label,
  name,
  value,
  onValue,
  error,
  hint,
  disabled,
  rows = 3,
  placeholder,
  maxLength,
}: FieldProps<string> & { rows?: number; placeholder?: string; maxLength?: number }) {
  return (
    <Field label={label} error={error} hint={hint}>
      <Textarea
        name={name}
        rows={rows}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
        invalid={!!error}
        onChange={(e) => onValue(e.target.value)}
        className={`${control} ${error ? "" : controlOk} min-h-16 py-2`}
      />
    </Field>
  );
}
