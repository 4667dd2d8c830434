/** The operator every test database is seeded with (global-setup.ts's template and createTestApp's fresh seed). */
export const TEST_ADMIN = { username: "admin", password: "admin-password-1" };
