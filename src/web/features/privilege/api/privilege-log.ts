import { useQuery } from "@tanstack/react-query";
import { points } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

export const privilegeLogKey = (uuid: string | null) => ["privilege-log", uuid] as const;

/** Usable and pending points, today's deposit points and stake, the member level and the points log (`/api/get-privilege-log`). */
export function usePrivilegeLog() {
  const { uuid } = useSession();
  return useQuery({
    queryKey: privilegeLogKey(uuid),
    queryFn: () => callApi(points.getPrivilegeLog, { uuid: uuid! }),
    enabled: !!uuid,
    meta: { blocking: true },
  });
}
