import { useGetModelVariablesQuery } from "~/store/reference";
import { availabilityNote } from "./availability";

/** For a method note: which models the archive lacks the indicators' variables for (nothing until the list is in). */
export function AvailabilityNote({ indicators }: { indicators: readonly string[] }) {
  const { data } = useGetModelVariablesQuery();
  return data ? <>{availabilityNote(data, indicators)}</> : null;
}
