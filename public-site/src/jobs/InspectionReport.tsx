import { useState, type MouseEvent } from 'react';
import {
  jobPhotoSrcSet,
  jobPhotoUrl,
  type JobPhotoRecord,
  type PublicGrade,
  type PublicReport,
  type PublicReportSection,
} from '@relining/contracts/api/inspections';
import { apiUrl } from '@relining/contracts/client/http';
import { Dialog } from '../components/Dialog';
import { formatJobDate } from '../lib/job-dates';
import { fullSizeWidth, gradeTone, jobStatusBase, metresText, sectionPhotos, sectionTitle, type SectionPhoto } from './job-documents';

/** How wide a gallery photo is shown: three across the report's column (beside the quote from 1024 px), two on a phone. */
const GALLERY_SIZES = '(min-width: 1280px) 250px, (min-width: 1024px) calc((100vw - 520px) / 3), (min-width: 640px) 30vw, calc(50vw - 40px)';
/** The photo viewer: the dialog's width. */
const VIEWER_SIZES = 'min(1100px, calc(100vw - 24px))';

/**
 * The published inspection report on the customer's tracking page (issue 17): the summary, each pipe
 * section as a card (grades as coloured badges with what they mean, the recommendation, what was seen
 * and where, its photos), and the PDF.
 */
export function InspectionReport({ code, report }: { code: string; report: PublicReport }) {
  const photoBase = apiUrl(jobStatusBase(code));
  const [viewing, setViewing] = useState<SectionPhoto | null>(null);
  return (
    <section className="report" aria-labelledby="report-heading">
      <header className="report__header">
        <div>
          <h2 id="report-heading" tabIndex={-1}>
            Your inspection report
          </h2>
          <p className="report__meta">
            Published <time dateTime={report.publishedAt}>{formatJobDate(report.publishedAt)}</time>
            {report.version > 1 ? ` (version ${report.version})` : ''}
          </p>
        </div>
        <a className="button button--secondary report__pdf" href={report.pdfUrl} download={`${report.jobNumber}-inspection-report.pdf`}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Download PDF
        </a>
      </header>
      {report.summary.trim() ? <p className="report__summary pre-line">{report.summary}</p> : null}
      {report.sections.length > 0 ? (
        <ol className="report__sections">
          {report.sections.map((section, index) => (
            <li key={index}>
              <SectionCard section={section} number={index + 1} photos={sectionPhotos(section, report.photos)} photoBase={photoBase} onView={setViewing} />
            </li>
          ))}
        </ol>
      ) : null}
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.caption ?? 'Photo'} className="dialog--photo">
        {viewing ? (
          <figure className="photo-viewer">
            <Photo photo={viewing.photo} base={photoBase} sizes={VIEWER_SIZES} alt={viewing.caption} eager />
            <figcaption>
              <a href={jobPhotoUrl(photoBase, viewing.photo.id, fullSizeWidth(viewing.photo), 'jpeg')} target="_blank" rel="noopener">
                Open full size
              </a>
            </figcaption>
          </figure>
        ) : null}
      </Dialog>
    </section>
  );
}

function SectionCard({
  section,
  number,
  photos,
  photoBase,
  onView,
}: {
  section: PublicReportSection;
  number: number;
  photos: SectionPhoto[];
  photoBase: string;
  onView: (photo: SectionPhoto) => void;
}) {
  const headingId = `report-section-${number}`;
  return (
    <article className="report-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="report-section__title">
        <span className="report-section__number" aria-hidden="true">
          {number}
        </span>
        {sectionTitle(section)}
      </h3>
      <dl className="report-section__facts">
        <div>
          <dt>Material</dt>
          <dd>{section.materialLabel}</dd>
        </div>
        <div>
          <dt>Diameter</dt>
          <dd>{section.diameterMm} mm</dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{metresText(section.lengthM)}</dd>
        </div>
        {section.junctions ? (
          <div>
            <dt>Junctions</dt>
            <dd>{section.junctions}</dd>
          </div>
        ) : null}
      </dl>
      <div className="report-section__grades">
        <GradeRow name="Pipe condition" kind="Structural grade" grade={section.structural} />
        <GradeRow name="Flow" kind="Service grade" grade={section.service} />
      </div>
      <p className="report-section__recommendation">
        <span>Our recommendation</span>
        <strong>{section.recommendationText}</strong>
      </p>
      {section.observations.length > 0 ? (
        <>
          <h4 className="report-section__subheading">What we found</h4>
          <ul className="observations">
            {section.observations.map((observation, index) => (
              <li key={index} className="observations__item">
                <span className="observations__distance">{metresText(observation.distanceM)}</span>
                <span className="observations__text">
                  <strong>{observation.label}</strong>
                  {observation.note ? <span className="observations__note">{observation.note}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="report-section__clear">Nothing of concern was found in this section.</p>
      )}
      {photos.length > 0 ? (
        <ul className="gallery" aria-label={`Photos of ${sectionTitle(section)}`}>
          {photos.map((item) => (
            <li key={item.photo.id} className="gallery__item">
              <a
                className="gallery__link"
                href={jobPhotoUrl(photoBase, item.photo.id, fullSizeWidth(item.photo), 'jpeg')}
                onClick={(event: MouseEvent) => {
                  // A plain link to the large JPEG without JavaScript (or with a modifier key: a new tab); the viewer otherwise.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  onView(item);
                }}
              >
                <Photo photo={item.photo} base={photoBase} sizes={GALLERY_SIZES} alt={item.caption} />
                <span className="gallery__caption">{item.caption}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function GradeRow({ name, kind, grade }: { name: string; kind: string; grade: PublicGrade }) {
  return (
    <div className={`grade grade--${gradeTone(grade.grade)}`}>
      <p className="grade__head">
        <span className="grade__name">
          {name} <span className="grade__kind">({kind.toLowerCase()})</span>
        </span>
        <span className="grade__badge">
          <span className="grade__number" aria-hidden="true">
            {grade.grade}
          </span>
          <span className="visually-hidden">{`Grade ${grade.grade} of 5 (1 is best): `}</span>
          {grade.label}
        </span>
      </p>
      <p className="grade__meaning">{grade.meaning}</p>
    </div>
  );
}

/** A job photo as AVIF, WebP or JPEG in every stored width; its size set so nothing moves as it loads. */
function Photo({ photo, base, sizes, alt, eager = false }: { photo: JobPhotoRecord; base: string; sizes: string; alt: string; eager?: boolean }) {
  return (
    <picture>
      <source type="image/avif" srcSet={jobPhotoSrcSet(base, photo, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={jobPhotoSrcSet(base, photo, 'webp')} sizes={sizes} />
      <img
        src={jobPhotoUrl(base, photo.id, fullSizeWidth(photo), 'jpeg')}
        srcSet={jobPhotoSrcSet(base, photo, 'jpeg')}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
