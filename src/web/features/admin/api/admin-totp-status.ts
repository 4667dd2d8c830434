import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/totp/status` */
export const adminTotpStatus = (body: BodyOf<typeof auth.adminTotpStatus>) => callApi(auth.adminTotpStatus, body);

export const SECOND_FACTOR_STATUS_KEY = ["admin", "second-factor"] as const;

/** The signed-in admin's second factor: enrolled or not, and whether this session passed it. */
export const secondFactorStatusQuery = queryOptions({ queryKey: SECOND_FACTOR_STATUS_KEY, queryFn: () => adminTotpStatus({}) });

/** Read again only when told (after an enrolment's recovery codes are put away). */
export const rereadSecondFactorStatus = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_STATUS_KEY });
