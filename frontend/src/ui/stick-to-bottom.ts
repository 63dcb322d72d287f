// A log that keeps its newest line (at the bottom) in view, as a chat log does: when lines are
// added and when the list is resized (a prompt above it grows and squeezes it), it scrolls back to
// the bottom, unless the reader has scrolled up on purpose; scrolling back down to the bottom
// follows the newest line again.

import type { RefObject } from "preact";
import { useEffect, useRef } from "preact/hooks";

/** What the follower reads and sets of the scrolling list (an element, or a fake in tests). */
export interface Scroller {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

/** Pixels from the bottom that still count as at the bottom (rounding, a last partial line). */
export const AT_BOTTOM_PX = 24;

export const isAtBottom = (el: Scroller): boolean => el.scrollHeight - el.clientHeight - el.scrollTop <= AT_BOTTOM_PX;

export class BottomFollower {
  private following = true;
  private lastTop: number;

  constructor(private readonly el: Scroller) {
    this.lastTop = el.scrollTop;
  }

  get isFollowing(): boolean {
    return this.following;
  }

  /** A scroll event: back at the bottom follows again; moving up away from it stops following.
   * A list squeezed from above keeps its scrollTop, so a resize alone never stops following. */
  scrolled(): void {
    const top = this.el.scrollTop;
    if (isAtBottom(this.el)) this.following = true;
    else if (top < this.lastTop) this.following = false;
    this.lastTop = top;
  }

  /** Lines were added or the list was resized: show the newest line if following. */
  changed(): void {
    if (!this.following) return;
    this.el.scrollTop = this.el.scrollHeight;
    this.lastTop = this.el.scrollTop;
  }
}

/** Keep the list at `ref` scrolled to its newest line; `content` changes when lines change. */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, content: unknown): void {
  const follower = useRef<BottomFollower | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const f = new BottomFollower(el);
    follower.current = f;
    const onScroll = () => f.scrolled();
    el.addEventListener("scroll", onScroll, { passive: true });
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => f.changed());
    resized?.observe(el);
    return () => {
      el.removeEventListener("scroll", onScroll);
      resized?.disconnect();
      follower.current = null;
    };
  }, [ref]);
  useEffect(() => follower.current?.changed(), [content]);
}
