// A share link with a copy button.

import { useSignal } from "@preact/signals";
import { SCREEN_READER_ONLY } from "./screen-reader-only";

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
      {/* named by its seat: the URL's token read out letter by letter says nothing (audit s16 E #10) */}
      <a class="copy-link__url" href={url} target="_blank" rel="noopener" aria-label={`${label} link`}>
        {url}
      </a>
      <button type="button" class="button" onClick={copy} aria-label={copied.value ? `${label} link copied` : `Copy ${label} link`}>
        {copied.value ? "Copied" : "Copy"}
      </button>
      <span role="status" style={SCREEN_READER_ONLY}>
        {copied.value ? `${label} link copied` : ""}
      </span>
    </div>
  );
}
