import { yeekee } from "../../../../contract";
import { callApi } from "../../../lib/api";

/**
 * Shoots a number into the round (`/api/post-numberrecord-mockdata`). Without a message from the server the
 * refusal carries the specification's "Error posting number record" (callApi's fallback). The live feed
 * brings the shot to every page, so nothing is refreshed here.
 */
export const postNumberRecord = (body: { uuid: string; activityid: number; number: string }) => callApi(yeekee.postNumberRecord, body);
