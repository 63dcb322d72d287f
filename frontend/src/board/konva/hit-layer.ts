// A layer whose hit graph (which shape is under the pointer) can be brought up to date at once.
// Konva redraws a changed layer, hit graph included, at the next animation frame; a press that
// arrives before it (the camera refitted as a tool's panel opened, a zoom, bases moved) would be
// matched against the bases where they were, while its table point is read with the camera as it
// is now: a click on a base was read as a click on the table beside it, or on another base.

import Konva from "konva/lib/Core";
import type { HitCanvas } from "konva/lib/Canvas";
import type { Node } from "konva/lib/Node";

export class HitLayer extends Konva.Layer {
  /** Something changed since the hit graph was last drawn. */
  private hitStale = true;

  override batchDraw(): this {
    this.hitStale = true;
    return super.batchDraw();
  }

  override drawHit(can?: HitCanvas, top?: Node): this {
    if (can === undefined) this.hitStale = false;
    return super.drawHit(can, top);
  }

  /** Draw the hit graph now if it is behind the layer (the scene follows at the next frame). */
  freshenHit(): void {
    if (this.hitStale) this.drawHit();
  }
}
