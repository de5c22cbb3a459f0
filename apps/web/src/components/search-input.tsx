/**
 * A labelled search field: a native `<input type="search">` (role searchbox) with a search icon
 * and a clear button, drawn like the Material search bar the pages had (theme/design-system.css,
 * `.pv-search`). What is typed shows at once; `onValue` gets it after `debounce` ms of quiet, at
 * once on Enter, and '' at once when the field is cleared (the clear button or Escape). A value
 * set from outside (a suggestion chosen elsewhere) replaces what the field shows.
 */
import { closeSharp, searchSharp } from 'ionicons/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

export function SearchInput({
  label,
  value,
  onValue,
  placeholder,
  debounce = 0,
  className,
}: {
  /** The field's accessible name (also what a screen reader announces for it). */
  label: string;
  value: string;
  onValue: (value: string) => void;
  placeholder?: string;
  /** Milliseconds of quiet after the last keystroke before `onValue` (0: on every keystroke). */
  debounce?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  // The last value handed to onValue (or received): a prop equal to it is our own echo.
  const sent = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The latest onValue, for a debounce that fires after a re-render gave a new one.
  const onValueRef = useRef(onValue);
  useEffect(() => {
    onValueRef.current = onValue;
  }, [onValue]);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const emit = (next: string) => {
    clearTimeout(timer.current);
    if (next === sent.current) return;
    sent.current = next;
    onValueRef.current(next);
  };
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    if (next === '' || debounce <= 0) emit(next);
    else timer.current = setTimeout(() => emit(next), debounce);
  };
  const clear = () => {
    change('');
    input.current?.focus();
  };

  return (
    <div className={className ? `pv-search ${className}` : 'pv-search'}>
      <Icon icon={searchSharp} className="pv-search__icon" />
      <input
        ref={input}
        id={id}
        type="search"
        className="pv-search__input"
        value={text}
        placeholder={placeholder}
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(e) => change(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') emit(text);
          else if (e.key === 'Escape' && text !== '') {
            // The browser's own Escape-to-clear does not reach a controlled input everywhere.
            e.preventDefault();
            change('');
          }
        }}
      />
      {text ? (
        <button type="button" className="pv-search__clear" aria-label={t('design.search.clear')} aria-controls={id} onClick={clear}>
          <Icon icon={closeSharp} />
        </button>
      ) : null}
    </div>
  );
}
