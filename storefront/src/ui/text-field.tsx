import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown under the input (a hint or a live status); the caller ties it in with aria-describedby. */
  children?: ReactNode;
};

/** A labelled input in the forms' shared `.field` style; the label names the input for screen readers and tests. */
export function TextField({ label, id, children, ...input }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} {...input} />
      {children}
    </div>
  );
}
