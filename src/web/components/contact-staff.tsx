import { Anchor, Group, Stack, Text } from "@mantine/core";
import { CONTACT_STAFF, useSiteContent } from "../lib/site-content";

/** The site's contact channels as the operator set them (LINE, phone); nothing while none is set. */
export function ContactChannels() {
  const content = useSiteContent().data;
  if (!content || (!content.lineId && !content.lineUrl && !content.phone)) return null;
  const line = content.lineId || (content.lineUrl ? "LINE" : "");
  return (
    <Group gap="md" data-testid="contact-staff" wrap="wrap" mt={4}>
      <Text size="sm" fw={500}>
        ติดต่อเจ้าหน้าที่:
      </Text>
      {line &&
        (content.lineUrl ? (
          <Anchor size="sm" href={content.lineUrl} target="_blank" rel="noopener noreferrer" data-testid="contact-line">
            LINE {line}
          </Anchor>
        ) : (
          <Text size="sm" data-testid="contact-line">
            LINE {line}
          </Text>
        ))}
      {content.phone && (
        <Anchor size="sm" href={`tel:${content.phone}`} data-testid="contact-phone">
          โทร {content.phone.replace(/^(\d{3})(\d{3})(\d+)$/, "$1-$2-$3")}
        </Anchor>
      )}
    </Group>
  );
}

/**
 * A message for the player; when it asks them to contact staff ("ติดต่อเจ้าหน้าที่"), the channels follow,
 * so no message sends a player looking for a way to reach the site.
 */
export function StaffMessage({ children }: { children: string }) {
  return (
    <Stack gap={2}>
      <span>{children}</span>
      {children.includes(CONTACT_STAFF) && <ContactChannels />}
    </Stack>
  );
}
