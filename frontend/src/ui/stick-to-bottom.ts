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
  /** The list's geometry when `lastTop` was read: a scroll that comes with a new geometry is
   * the layout's doing, not the reader's. */
  private lastHeight: number;
  private lastClient: number;

  constructor(private readonly el: Scroller) {
    this.lastTop = el.scrollTop;
    this.lastHeight = el.scrollHeight;
    this.lastClient = el.clientHeight;
  }

  get isFollowing(): boolean {
    return this.following;
  }

  private record(): void {
    this.lastTop = this.el.scrollTop;
    this.lastHeight = this.el.scrollHeight;
    this.lastClient = this.el.clientHeight;
  }

  /** A scroll event: back at the bottom follows again; moving up away from it stops following.
   * Only a move up in an unchanged list is the reader's: the browser also moves scrollTop up
   * when the list changes under it, in the same frame as new lines arrive (QA s14 #7):
   * - the list grows taller (a panel above shrank) and scrollTop is clamped to the new maximum;
   * - the oldest lines are dropped (the log keeps the last 500 events) and scroll anchoring
   *   keeps the visible lines in place.
   * Those leave a following list following, and back at the bottom.
   * A list squeezed from above keeps its scrollTop, so a resize alone never stops following. */
  scrolled(): void {
    const el = this.el;
    const top = el.scrollTop;
    const reshaped = el.scrollHeight !== this.lastHeight || el.clientHeight !== this.lastClient;
    if (isAtBottom(el)) this.following = true;
    else if (top < this.lastTop && !reshaped) this.following = false;
    else if (this.following && reshaped) el.scrollTop = el.scrollHeight;
    this.record();
  }

  /** Lines were added or the list was resized: show the newest line if following. */
  changed(): void {
    if (this.following) this.el.scrollTop = this.el.scrollHeight;
    this.record();
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
