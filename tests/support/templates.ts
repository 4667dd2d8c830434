/**
 * The two template databases global-setup.ts prepares once per run (docs/decisions/038): `migrated` has
 * every migration and nothing else (for tests that seed or plan themselves); `seeded` is a first start's
 * database (migrations, the seed with TEST_ADMIN, the round plan), which createTestApp copies.
 */
export const TEMPLATES = { migrated: "lotto_template_migrated", seeded: "lotto_template_seeded" } as const;

export type TemplateKind = keyof typeof TEMPLATES;
