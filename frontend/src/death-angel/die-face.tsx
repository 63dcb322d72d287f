// A combat die face: its number, and a skull when the face has one.

export function DieFace({
  value,
  skull,
  small,
}: {
  value: number;
  skull: boolean;
  small?: boolean;
}) {
  return (
    <span
      class={`da-die${skull ? " da-die--skull" : ""}${small ? " da-die--small" : ""}`}
      data-testid="da-die"
      data-value={value}
      data-skull={skull ? "true" : "false"}
      role="img"
      aria-label={`die: ${value}${skull ? " and a skull" : ""}`}
    >
      <span class="da-die__value">{value}</span>
      {skull && <span class="da-die__skull">☠</span>}
    </span>
  );
}
