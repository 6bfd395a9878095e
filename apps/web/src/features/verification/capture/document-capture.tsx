import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSide, LivenessEvidence } from '@kyc/contracts';
import { isApiError } from '../../../lib/http';
import { errorMessage } from '../../../lib/i18n/error-message';
import { errorText } from '../../../lib/i18n/error-text';
import { Button } from '../../../ui/button';
import {
  cameraProblemOf,
  cameraSupported,
  captureFrame,
  openCamera,
  stopStream,
  type CameraFacing,
  type CameraProblem,
} from './camera';
import { canCheckPhotos, checkPhotoQuality, qualitySubject } from './photo-quality';
import {
  acceptedTypes,
  MAX_DOCUMENT_BYTES,
  UPLOAD_REFUSAL_CODES,
  uploadDocument,
  type UploadDocumentResult,
} from './upload-document';
import { LivenessChallenge } from './liveness/liveness-challenge';
import type { LandmarkDetector } from './liveness/face-landmarks';
import './document-capture.css';

/** The framing guide drawn over the camera preview. */
export type CaptureGuide = 'card' | 'passport' | 'face' | 'page';

export interface DocumentCaptureProps {
  side: DocumentSide;
  /** What to capture, e.g. "Front of your ID card"; names the controls of this capture. */
  label: string;
  hint?: string;
  /** 'environment' (rear camera) for documents, 'user' (front camera) for a selfie. */
  facing?: CameraFacing;
  /** Accepted file types (the file input's accept); by default what upload-document takes for the side. */
  accept?: string;
  /** The framing guide; by default an oval for a selfie, a page for a proof of address, else a card. */
  guide?: CaptureGuide;
  /** The label names the region but is not shown (the page already shows it as a heading). */
  labelHidden?: boolean;
  /** The level of the label's heading: 3 inside a titled card (default), 2 directly under the page title. */
  headingLevel?: 2 | 3;
  /** A file already uploaded for this side (the user came back to this step): shown as done. */
  initial?: { file: Blob; result: UploadDocumentResult } | null;
  onUploaded: (result: UploadDocumentResult, file: Blob) => void;
  /** The user took the photo again or chose another file: the earlier upload no longer counts. */
  onCleared?: () => void;
  /** The selfie's liveness challenge's face landmarks (tests replace face-api). */
  livenessDetector?: () => Promise<LandmarkDetector>;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'camera' }
  | { kind: 'checking'; file: Blob }
  | { kind: 'uploading'; file: Blob; percent: number | null }
  | { kind: 'uploaded'; file: Blob; result: UploadDocumentResult }
  | { kind: 'failed'; file: Blob | null; message: string };

const CAMERA_TEXT = {
  unsupported: 'capture.camera.unsupported',
  denied: 'capture.camera.denied',
  unavailable: 'capture.camera.unavailable',
  failed: 'capture.camera.failed',
} as const satisfies Record<CameraProblem, string>;

function defaultGuide(side: DocumentSide): CaptureGuide {
  if (side === 'selfie') return 'face';
  if (side === 'poa') return 'page';
  return 'card';
}

/** The upload refusals of the catalogue (docs/kyc.md "Image quality"): the file itself is the problem. */
export function isUploadRefusal(retCode: number): boolean {
  return UPLOAD_REFUSAL_CODES.includes(retCode);
}

/** An object URL for a file while it is shown; revoked when the file changes or the view goes. */
function usePreviewUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

function fileOf(phase: Phase): Blob | null {
  return phase.kind === 'checking' ||
    phase.kind === 'uploading' ||
    phase.kind === 'uploaded' ||
    phase.kind === 'failed'
    ? phase.file
    : null;
}

/**
 * One side of a verification document (or a selfie, or a proof of address): a live camera preview with
 * a framing guide, captured to a JPEG; a file upload always offered (and the only way when the browser
 * has no camera API or the user refused access); a preview with Retake (camera) or Choose another file;
 * the upload with its progress.
 * The camera is turned off after the capture and when the component goes away.
 */
export function DocumentCapture({
  side,
  label,
  hint,
  facing = 'environment',
  accept,
  guide,
  initial = null,
  labelHidden = false,
  headingLevel = 3,
  onUploaded,
  onCleared,
  livenessDetector,
}: DocumentCaptureProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const types = accept ? accept.split(',').map((type) => type.trim()) : acceptedTypes(side);
  const [phase, setPhase] = useState<Phase>(() =>
    initial ? { kind: 'uploaded', file: initial.file, result: initial.result } : { kind: 'idle' },
  );
  const [problem, setProblem] = useState<CameraProblem | null>(() =>
    cameraSupported() ? null : 'unsupported',
  );
  const [notReady, setNotReady] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const uploadRef = useRef<AbortController | null>(null);
  /** A camera selfie's liveness challenge as it stands (D116); null for a chosen file. */
  const livenessRef = useRef<LivenessEvidence | null>(null);
  const file = fileOf(phase);
  const previewUrl = usePreviewUrl(file);
  const isPdf = file?.type === 'application/pdf';
  // "Retake" only for a camera capture (a Blob of our own); a chosen file (a File: a PDF, a photo
  // from the gallery) is replaced by "Choose another file".
  const fromCamera = file !== null && !(file instanceof File);

  const stopCamera = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
  }, []);

  // Camera off and upload cancelled when the step goes away.
  useEffect(
    () => () => {
      stopCamera();
      uploadRef.current?.abort();
    },
    [stopCamera],
  );

  // The stream goes to the video element once the element is on screen.
  useEffect(() => {
    const video = videoRef.current;
    if (phase.kind !== 'camera' || !video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    const playing = video.play() as Promise<void> | undefined;
    playing?.catch(() => undefined);
  }, [phase.kind]);

  const upload = useCallback(
    (next: Blob) => {
      uploadRef.current?.abort();
      const controller = new AbortController();
      uploadRef.current = controller;
      setPhase({ kind: 'uploading', file: next, percent: null });
      uploadDocument(side, next, {
        signal: controller.signal,
        liveness: side === 'selfie' && !(next instanceof File) ? livenessRef.current : null,
        onProgress: ({ loaded, total }) => {
          if (controller.signal.aborted || total <= 0) return;
          const percent = Math.min(100, Math.round((loaded / total) * 100));
          setPhase((current) => (current.kind === 'uploading' ? { ...current, percent } : current));
        },
      }).then(
        (result) => {
          if (controller.signal.aborted) return;
          setPhase({ kind: 'uploaded', file: next, result });
          onUploaded(result, next);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = isApiError(error) ? errorMessage(i18n, error) : t('capture.uploadFailed');
          // A file the server refused for what it is (type, size, too small, blurred, one colour:
          // 40001–40019) cannot succeed again: the choice is offered at once to retake it.
          const refused = isApiError(error) && isUploadRefusal(error.ret_code);
          setPhase({ kind: 'failed', file: refused ? null : next, message });
        },
      );
    },
    [i18n, onUploaded, side, t],
  );

  /**
   * A document side or selfie is checked here first (docs/checks.md "Image quality"): a photo that fails
   * is refused with the reason's catalogue text and the choice to retake, and nothing is sent. The
   * server checks again; its refusal is shown the same way.
   */
  const checkThenUpload = useCallback(
    (next: Blob) => {
      const subject = next.type === 'application/pdf' ? null : qualitySubject(side);
      // Without a decoder here (an old browser), the server's check alone decides.
      if (!subject || !canCheckPhotos()) {
        upload(next);
        return;
      }
      uploadRef.current?.abort();
      const controller = new AbortController();
      uploadRef.current = controller;
      setPhase({ kind: 'checking', file: next });
      checkPhotoQuality(next, subject).then(
        (refusal) => {
          if (controller.signal.aborted) return;
          if (!refusal) {
            upload(next);
            return;
          }
          const message = errorText(i18n, refusal.retCode) ?? `${refusal.retCode}: ${refusal.result.check}`;
          setPhase({ kind: 'failed', file: null, message });
        },
        () => {
          if (!controller.signal.aborted) upload(next);
        },
      );
    },
    [i18n, side, upload],
  );

  /** Back to the choice; an upload in flight is cancelled and an earlier one no longer counts. */
  const clear = useCallback(() => {
    uploadRef.current?.abort();
    uploadRef.current = null;
    stopCamera();
    const hadUpload = phase.kind === 'uploaded';
    setPhase({ kind: 'idle' });
    setNotReady(false);
    if (hadUpload) onCleared?.();
  }, [onCleared, phase.kind, stopCamera]);

  async function startCamera() {
    if (!cameraSupported()) {
      setProblem('unsupported');
      return;
    }
    if (phase.kind === 'uploaded') onCleared?.();
    uploadRef.current?.abort();
    setNotReady(false);
    livenessRef.current = null;
    setPhase({ kind: 'starting' });
    try {
      const stream = await openCamera(facing);
      streamRef.current = stream;
      setPhase({ kind: 'camera' });
    } catch (error) {
      setProblem(cameraProblemOf(error));
      setPhase({ kind: 'idle' });
    }
  }

  async function capture() {
    const video = videoRef.current;
    const blob = video ? await captureFrame(video) : null;
    if (!blob) {
      setNotReady(true);
      return;
    }
    setNotReady(false);
    stopCamera();
    checkThenUpload(blob);
  }

  function cancelCamera() {
    stopCamera();
    setPhase({ kind: 'idle' });
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (phase.kind === 'uploaded') onCleared?.();
    stopCamera();
    if (!types.includes(chosen.type)) {
      const message = t(side === 'poa' ? 'capture.errors.typePoa' : 'capture.errors.type');
      setPhase({ kind: 'failed', file: null, message });
    } else if (chosen.size === 0) {
      setPhase({ kind: 'failed', file: null, message: t('capture.errors.empty') });
    } else if (chosen.size > MAX_DOCUMENT_BYTES) {
      setPhase({ kind: 'failed', file: null, message: t('capture.errors.size') });
    } else {
      checkThenUpload(chosen);
    }
  }

  const hintId = hint ? `${id}-hint` : undefined;
  const statusId = `${id}-status`;
  const cameraAllowed = problem !== 'unsupported' && problem !== 'denied';
  const shape = guide ?? defaultGuide(side);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // A refused file (wrong type, too large) leaves nothing to retake: the choice is offered again.
  const choosing = phase.kind === 'idle' || (phase.kind === 'failed' && !phase.file);

  return (
    <section className="capture" aria-labelledby={`${id}-label`} aria-describedby={hintId}>
      <Heading id={`${id}-label`} className={labelHidden ? 'visually-hidden' : 'capture__label'}>
        {label}
      </Heading>
      {hint ? (
        <p id={hintId} className="capture__hint">
          {hint}
        </p>
      ) : null}

      {phase.kind === 'camera' || phase.kind === 'starting' ? (
        <div className="capture__camera">
          <div className={`capture__viewport capture__viewport--${facing}`}>
            <video
              ref={videoRef}
              className="capture__video"
              autoPlay
              muted
              playsInline
              aria-label={t('capture.cameraPreview', { label })}
            />
            <div className={`capture__guide capture__guide--${shape}`} aria-hidden="true" />
            {phase.kind === 'starting' ? (
              <p className="capture__overlay-text" role="status">
                {t('capture.starting')}
              </p>
            ) : null}
          </div>
          {side === 'selfie' && phase.kind === 'camera' ? (
            <LivenessChallenge
              videoRef={videoRef}
              {...(livenessDetector ? { loadDetector: livenessDetector } : {})}
              onEvidence={(evidence) => {
                livenessRef.current = evidence;
              }}
            />
          ) : null}
          {notReady ? (
            <p className="capture__error" role="alert">
              {t('capture.camera.notReady')}
            </p>
          ) : null}
          <div className="capture__actions">
            <Button
              variant="primary"
              onClick={() => void capture()}
              disabled={phase.kind !== 'camera'}
              aria-label={t('capture.captureFor', { label })}
            >
              {t('capture.capture')}
            </Button>
            <Button onClick={cancelCamera}>{t('capture.cancel')}</Button>
          </div>
        </div>
      ) : null}

      {file ? (
        <div className="capture__preview">
          {isPdf ? (
            <p className="capture__pdf">
              {t('capture.pdfFile', { name: file instanceof File ? file.name : 'PDF' })}
            </p>
          ) : previewUrl ? (
            <img className="capture__image" src={previewUrl} alt={t('capture.previewOf', { label })} />
          ) : null}
        </div>
      ) : null}

      {phase.kind === 'checking' ? (
        <p className="capture__checking" role="status">
          {t('capture.checking')}
        </p>
      ) : null}

      {phase.kind === 'uploading' ? (
        <div className="capture__progress-row">
          <div
            className="capture__progress"
            role="progressbar"
            aria-label={t('capture.progressOf', { label })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase.percent ?? undefined}
            aria-valuetext={
              phase.percent === null
                ? t('capture.uploading')
                : t('capture.percent', { percent: phase.percent })
            }
          >
            <span className="capture__progress-bar" style={{ inlineSize: `${phase.percent ?? 0}%` }} />
          </div>
          <span className="capture__progress-text" aria-hidden="true">
            {phase.percent === null
              ? t('capture.uploading')
              : t('capture.percent', { percent: phase.percent })}
          </span>
        </div>
      ) : null}

      <div id={statusId} role="status" className="capture__status">
        {phase.kind === 'uploaded' ? <p className="capture__done">{t('capture.uploaded')}</p> : null}
      </div>

      {phase.kind === 'failed' ? (
        <div className="capture__error" role="alert">
          <p>{phase.message}</p>
        </div>
      ) : null}

      {problem && phase.kind !== 'camera' ? (
        <p className="capture__notice">{t(CAMERA_TEXT[problem])}</p>
      ) : null}

      {phase.kind !== 'camera' && phase.kind !== 'starting' ? (
        <div className="capture__actions">
          {phase.kind === 'failed' && phase.file ? (
            <Button variant="primary" onClick={() => upload(phase.file as Blob)}>
              {t('capture.retry')}
            </Button>
          ) : null}
          {!choosing ? (
            <Button
              onClick={clear}
              aria-label={t(fromCamera ? 'capture.retakeFor' : 'capture.chooseAnotherFor', { label })}
            >
              {t(fromCamera ? 'capture.retake' : 'capture.chooseAnother')}
            </Button>
          ) : null}
          {choosing && cameraAllowed ? (
            <Button variant="primary" onClick={() => void startCamera()}>
              {t(facing === 'user' ? 'capture.takeSelfie' : 'capture.takePhoto')}
            </Button>
          ) : null}
          {choosing ? (
            <Button
              variant={cameraAllowed ? 'default' : 'primary'}
              onClick={() => fileInputRef.current?.click()}
              aria-describedby={`${id}-types`}
            >
              {t('capture.uploadFile')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {choosing ? (
        <p id={`${id}-types`} className="capture__types">
          {t(side === 'poa' ? 'capture.fileTypesPoa' : 'capture.fileTypes')}
        </p>
      ) : null}
      <input
        ref={fileInputRef}
        className="visually-hidden"
        type="file"
        accept={types.join(',')}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`capture-file-${side}`}
        onChange={chooseFile}
      />
    </section>
  );
}
