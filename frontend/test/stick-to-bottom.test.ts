import { describe, expect, it } from "vitest";
import { BottomFollower, type Scroller } from "../src/ui/stick-to-bottom";

/** A scrolling list as the browser keeps it: scrollTop clamped to [0, scrollHeight - clientHeight]. */
class FakeList implements Scroller {
  private top = 0;
  constructor(
    public scrollHeight: number,
    public clientHeight: number,
  ) {}
  get scrollTop(): number {
    return this.top;
  }
  set scrollTop(v: number) {
    this.top = Math.max(0, Math.min(v, this.scrollHeight - this.clientHeight));
  }
  get hiddenBelow(): number {
    return this.scrollHeight - this.clientHeight - this.top;
  }
}

describe("a log that follows its newest line", () => {
  it("scrolls to the bottom when lines are added", () => {
    const list = new FakeList(1000, 300);
    const f = new BottomFollower(list);
    f.changed();
    list.scrollHeight = 1100;
    f.changed();
    expect(list.hiddenBelow).toBe(0);
  });

  it("stays at the bottom when a prompt above squeezes the list", () => {
    const list = new FakeList(1000, 380);
    const f = new BottomFollower(list);
    f.changed();
    list.clientHeight = 190; // the reaction window grew: the list keeps its scrollTop
    f.scrolled(0); // even a scroll event read now does not count as scrolling up
    f.changed(); // the resize observer
    expect(list.hiddenBelow).toBe(0);
  });

  it("leaves a reader who scrolled up where they are, and follows again at the bottom", () => {
    const list = new FakeList(1000, 300);
    const f = new BottomFollower(list);
    f.changed();
    f.touched(10); // the reader's wheel
    list.scrollTop = 200;
    f.scrolled(20);
    expect(f.isFollowing).toBe(false);
    list.scrollHeight = 1200;
    f.changed();
    list.clientHeight = 200;
    f.changed();
    expect(list.scrollTop).toBe(200);
    list.scrollTop = 1000;
    f.scrolled(5000);
    expect(f.isFollowing).toBe(true);
    list.scrollHeight = 1300;
    f.changed();
    expect(list.hiddenBelow).toBe(0);
  });
});

describe("a log that follows its newest line through layout shifts (QA s14 #7)", () => {
  it("keeps following when its oldest lines are dropped and the browser's scroll anchoring moves it up", () => {
    // The log keeps the last 500 events: once full, each new batch drops lines at the top. The
    // browser keeps the visible lines in place (scroll anchoring), which lowers scrollTop; the
    // new lines arrive in the same frame, so the scroll event finds the list off the bottom.
    const list = new FakeList(14000, 400);
    const f = new BottomFollower(list);
    f.changed();
    list.scrollHeight -= 300; // lines dropped above
    list.scrollTop -= 300; // anchoring
    list.scrollHeight += 250; // new lines below
    f.scrolled(0);
    f.changed();
    expect(f.isFollowing).toBe(true);
    expect(list.hiddenBelow).toBe(0);
  });

  it("keeps following when the panel above shrinks (scrollTop clamped) as new lines arrive", () => {
    const list = new FakeList(5000, 300);
    const f = new BottomFollower(list);
    f.changed();
    list.clientHeight = 600; // a team panel above got shorter: the list grows
    list.scrollTop = list.scrollTop; // the browser clamps scrollTop to the new maximum
    list.scrollHeight += 120; // and the new lines of the same update
    f.scrolled(0);
    f.changed();
    expect(f.isFollowing).toBe(true);
    expect(list.hiddenBelow).toBe(0);
  });

  it("still lets a reader scroll up while lines arrive afterwards", () => {
    const list = new FakeList(5000, 300);
    const f = new BottomFollower(list);
    f.changed();
    f.touched(100);
    list.scrollTop = 3000;
    f.scrolled(150);
    list.scrollHeight += 200;
    f.changed();
    expect(f.isFollowing).toBe(false);
    expect(list.scrollTop).toBe(3000);
  });

  it("lets a reader scroll up in the instant new lines are in the list but not yet followed (review s14)", () => {
    const list = new FakeList(5000, 300);
    const f = new BottomFollower(list);
    f.changed();
    list.scrollHeight += 200; // new lines rendered; the follower's effect has not run yet
    f.touched(1000); // the reader's wheel
    list.scrollTop = 2000;
    f.scrolled(1010);
    f.changed();
    expect(f.isFollowing).toBe(false);
    expect(list.scrollTop).toBe(2000);
  });

  it("takes a move up long after the reader's last input for the layout's doing", () => {
    const list = new FakeList(5000, 300);
    const f = new BottomFollower(list);
    f.changed();
    f.touched(0);
    list.scrollTop = 3000;
    f.scrolled(5000);
    expect(f.isFollowing).toBe(true);
    expect(list.hiddenBelow).toBe(0);
  });

  it("lets a reader who holds the scrollbar's thumb drag up after a while (second review s14)", () => {
    const list = new FakeList(5000, 300);
    const f = new BottomFollower(list);
    f.changed();
    f.hold(true, 0); // pointer down on the thumb
    list.scrollTop = 3000;
    f.scrolled(1500); // dragged up a second and a half later
    expect(f.isFollowing).toBe(false);
    f.hold(false, 1600);
    list.scrollHeight += 100;
    f.changed();
    expect(list.scrollTop).toBe(3000);
  });
});
