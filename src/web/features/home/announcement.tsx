import { Group, Paper, Text } from "@mantine/core";
import { useSiteContent } from "../../lib/site-content";
import "./announcement.css";

/** The operator's announcement (site content) as a marquee line; nothing when there is none. */
export function Announcement() {
  const text = useSiteContent().data?.announcement;
  if (!text) return null;
  return (
    <Paper radius="md" px="sm" py={6} bg="yellow.0" withBorder role="region" aria-label="ประกาศ">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} c="red.9" style={{ flexShrink: 0 }}>
          ประกาศ
        </Text>
        <div className="announcement">
          <Text size="sm" span className="announcement-text" data-testid="announcement">
            {text}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
