import { answer, api, required } from "./client";
import type { BodyOf, Camelize, ResponseOf, Schemas } from "./wire";

// Carrier software hand-off: files for the carriers' own software, and their issued data read back.

export type ExportReq = BodyOf<"/api/exports", "post">;
export type ExportFormat = ExportReq["format"];
/** The file made at once (201); a larger selection answers ExportQueued (202) and is read with getExport. */
export type ExportResult = Camelize<Schemas["ExportResult"]>;
export type ExportQueued = Camelize<Schemas["ExportQueued"]>;
export type ExportStatus = ResponseOf<"/api/exports/{export_id}", "get">;

export const createExport = async (exportReq: ExportReq) =>
  answer(api.POST("/api/exports", { body: required("createExport", "exportReq", exportReq) }));
export const getExport = async (exportId: string) =>
  answer(
    api.GET("/api/exports/{export_id}", {
      params: { path: { export_id: required("getExport", "export_id", exportId) } },
    }),
  );

export type ImportReq = BodyOf<"/api/imports", "post">;
export type ImportFormat = ImportReq["format"];
export type ImportResult = ResponseOf<"/api/imports", "post">;
/** A presigned PUT for an import file too large for the JSON body; its key then goes in createImport's `upload_key`. */
export type ImportUpload = ResponseOf<"/api/imports/uploads", "post">;

export const createImport = async (importReq: ImportReq) =>
  answer(api.POST("/api/imports", { body: required("createImport", "importReq", importReq) }));
export const createImportUpload = async (importUploadReq: BodyOf<"/api/imports/uploads", "post">) =>
  answer(
    api.POST("/api/imports/uploads", {
      body: required("createImportUpload", "importUploadReq", importUploadReq),
    }),
  );
