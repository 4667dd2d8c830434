/** Saves text as a CSV file from the browser: a Blob behind a temporary link, nothing sent to the server. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; a moment later the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
