import { Input } from 'antd';
import { finishPercent, sanitizePercent } from '../ratio';

/**
 * A percentage field (spec section 5): digits and one decimal point, two decimals, clamped to
 * 0..max while typing and on blur. Its value is the typed text ("35.5").
 */
export function PercentInput({
  value,
  onChange,
  max = 100,
  id,
  disabled,
  placeholder,
}: {
  value?: string | undefined;
  onChange?: (value: string) => void;
  max?: number;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <Input
      id={id}
      className="agent-percent"
      inputMode="decimal"
      suffix="%"
      disabled={disabled}
      placeholder={placeholder ?? `0-${max}`}
      value={value ?? ''}
      onChange={(e) => onChange?.(sanitizePercent(e.target.value, max))}
      onBlur={(e) => onChange?.(finishPercent(e.target.value, max))}
    />
  );
}
