// A raised model's height by its base (▲5.5"), at screen size: nothing else on the table tells a
// model on a ruin's floor from one on the ground under it (rules decision 28).

import type { Layer } from "konva/lib/Layer";
import Konva from "konva/lib/Core";
import type { Group } from "konva/lib/Group";
import { Label, Tag } from "konva/lib/shapes/Label";
import { Text } from "konva/lib/shapes/Text";
import { type Camera, toScreen } from "../../geometry/camera";
import { heightBadge } from "../../geometry/levels";
import type { ModelId } from "../../protocol/messages";

export interface RaisedModel {
  id: ModelId;
  x: number;
  y: number;
  z: number;
  /** The base's reach from its centre, inches. */
  reach: number;
}

export class HeightBadges {
  private readonly group: Group;
  private readonly badges = new Map<ModelId, { label: Label; text: string }>();

  constructor(private readonly layer: Layer) {
    this.group = new Konva.Group({ listening: false, name: "height-badges" });
    layer.add(this.group);
  }

  layout(camera: Camera, models: readonly RaisedModel[]): void {
    const seen = new Set<ModelId>();
    for (const m of models) {
      const text = heightBadge(m.z);
      if (text === null) continue;
      seen.add(m.id);
      let b = this.badges.get(m.id);
      if (b === undefined || b.text !== text) {
        b?.label.destroy();
        const label = new Label({ listening: false, name: `height-${m.id}` });
        label.add(new Tag({ fill: "rgba(20, 24, 30, 0.8)", cornerRadius: 3 }));
        label.add(new Text({ text, fontSize: 10, fontStyle: "bold", fill: "#ffffff", padding: 2 }));
        this.group.add(label);
        b = { label, text };
        this.badges.set(m.id, b);
      }
      // up to the left of the base: the drag's distance read-out goes up to its right
      const at = toScreen(camera, { x: m.x - m.reach * 0.7, y: m.y - m.reach * 0.7 });
      b.label.position({ x: Math.round(at.x - b.label.width() - 1), y: Math.round(at.y - b.label.height() + 2) });
    }
    for (const [id, b] of this.badges) {
      if (seen.has(id)) continue;
      b.label.destroy();
      this.badges.delete(id);
    }
    this.layer.batchDraw();
  }

  /** The badge texts shown, by model (for tests). */
  shown(): Record<ModelId, string> {
    return Object.fromEntries([...this.badges].map(([id, b]) => [id, b.text]));
  }
}
