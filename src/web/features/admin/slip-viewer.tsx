import { Button, Group, Image, Modal, Slider, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { paynowSlipQuery } from "./api/admin-paynow-slip";

/** Spec §9: image preview from scale 1 to 50 in steps of 0.5. */
export const ZOOM = { min: 1, max: 50, step: 0.5 } as const;

export function SlipViewer({ id, onClose }: { id: number; onClose: () => void }) {
  const [scale, setScale] = useState(1);
  const slip = useQuery(paynowSlipQuery(id));
  return (
    <Modal opened onClose={onClose} title="สลิปการโอน" size="lg" centered>
      <Stack>
        {slip.data?.slip ? (
          <div
            tabIndex={0}
            role="region"
            aria-label="ภาพสลิป"
            style={{ overflow: "auto", maxHeight: "60vh", border: "1px solid #eee", borderRadius: 8 }}
          >
            <Image
              src={slip.data.slip}
              alt="สลิป"
              data-testid="slip-image"
              data-scale={scale}
              style={{ transform: `scale(${scale})`, transformOrigin: "top left", width: "100%" }}
            />
          </div>
        ) : (
          <Text c="dimmed">{slip.isLoading ? "กำลังโหลด…" : "ไม่มีสลิปแนบมา"}</Text>
        )}
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setScale((s) => Math.max(ZOOM.min, s - ZOOM.step))} aria-label="ย่อ">
            −
          </Button>
          <Slider
            style={{ flex: 1 }}
            min={ZOOM.min}
            max={ZOOM.max}
            step={ZOOM.step}
            value={scale}
            onChange={setScale}
            label={(v) => `${v}x`}
            aria-label="ขนาดภาพ"
            thumbLabel="ขนาดภาพ"
          />
          <Button size="xs" variant="default" onClick={() => setScale((s) => Math.min(ZOOM.max, s + ZOOM.step))} aria-label="ขยาย">
            +
          </Button>
        </Group>
        <Text size="xs" c="dimmed" data-testid="zoom-level">
          {scale}x
        </Text>
      </Stack>
    </Modal>
  );
}
