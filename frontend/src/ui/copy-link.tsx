// A share link with a copy button.

import { useSignal } from "@preact/signals";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (insecure origin, no permission): fall back to a selection copy.
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

export function CopyLink({ label, url, color }: { label: string; url: string; color?: string }) {
  const copied = useSignal(false);
  const copy = async () => {
    copied.value = await copyText(url);
    setTimeout(() => (copied.value = false), 1500);
  };
  return (
    <div class="copy-link">
      <span class="copy-link__label">
        {color && <span class="swatch" style={{ background: color }} />}
        {label}
      </span>
      <a class="copy-link__url" href={url} target="_blank" rel="noopener">
        {url}
      </a>
      <button type="button" class="button" onClick={copy} aria-label={`Copy ${label} link`}>
        {copied.value ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
