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

/** Milliseconds after the reader's own input (wheel, touch, key, pointer) during which a move
 * up is theirs. */
export const INTENT_MS = 1000;

export class BottomFollower {
  private following = true;
  private lastTop: number;
  /** When the reader last put a hand on the list (wheel, touch, key, pointer), ms. */
  private touchedAt = -Infinity;

  constructor(private readonly el: Scroller) {
    this.lastTop = el.scrollTop;
  }

  get isFollowing(): boolean {
    return this.following;
  }

  /** Whether a pointer is held down on the list (the scrollbar's thumb, middle-click
   * autoscroll): every move while it is held is the reader's (second review s14). */
  private held = false;

  /** The reader's own input on the list, at `now` (ms). */
  touched(now: number): void {
    this.touchedAt = now;
  }

  /** A pointer went down on the list (true) or came up anywhere (false), at `now` (ms). */
  hold(down: boolean, now: number): void {
    this.held = down;
    this.touchedAt = now;
  }

  /** A scroll event at `now` (ms): back at the bottom follows again; a move up stops following
   * only when the reader's own input came just before it. The browser also moves scrollTop up
   * by itself as the list changes (QA s14 #7, review s14):
   * - the list grows taller (a panel above shrank) and scrollTop is clamped to the new maximum;
   * - the oldest lines are dropped (the log keeps the last 500 events) and scroll anchoring
   *   keeps the visible lines in place;
   * those leave a following list following, and back at the bottom. Judging by the reader's
   * input, not by a change of the list's size, a reader who scrolls up in the instant new lines
   * arrive is not pulled back down. */
  scrolled(now: number): void {
    const el = this.el;
    const top = el.scrollTop;
    if (isAtBottom(el)) this.following = true;
    else if (top < this.lastTop && (this.held || now - this.touchedAt <= INTENT_MS)) this.following = false;
    else if (this.following) el.scrollTop = el.scrollHeight;
    this.lastTop = el.scrollTop;
  }

  /** Lines were added or the list was resized: show the newest line if following. */
  changed(): void {
    if (this.following) this.el.scrollTop = this.el.scrollHeight;
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
    const onScroll = () => f.scrolled(performance.now());
    const onHand = () => f.touched(performance.now());
    const hands = ["wheel", "touchmove", "keydown"] as const;
    const onDown = () => f.hold(true, performance.now());
    const onUp = () => f.hold(false, performance.now());
    el.addEventListener("scroll", onScroll, { passive: true });
    for (const h of hands) el.addEventListener(h, onHand, { passive: true });
    el.addEventListener("pointerdown", onDown, { passive: true });
    window.addEventListener("pointerup", onUp, { passive: true });
    window.addEventListener("pointercancel", onUp, { passive: true });
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => f.changed());
    resized?.observe(el);
    return () => {
      el.removeEventListener("scroll", onScroll);
      for (const h of hands) el.removeEventListener(h, onHand);
      el.removeEventListener("pointerdown", onDown);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      resized?.disconnect();
      follower.current = null;
    };
  }, [ref]);
  useEffect(() => follower.current?.changed(), [content]);
}
