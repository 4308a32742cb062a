import { Link } from 'wouter';
import { useProductEnquiry } from '../components/ProductEnquiryDialog';
import { HeroMedia } from '../components/HeroMedia';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { Artwork } from '../components/Artwork';
import { ArtFrame } from '../components/illustrations/ArtFrame';
import { cctvArtworkName, type CctvKind } from '../components/illustrations/artwork-catalogue';
import { useSiteContent } from '../lib/site-content';
import {
  RESIN_BENEFITS,
  RESIN_DISTRIBUTION,
  RESIN_DOCUMENTS,
  RESIN_FIGURES,
  RESIN_GALLERY,
  RESIN_HERO,
  RESIN_PARTNERS,
  RESIN_PRODUCTS,
  RESIN_SYSTEM_CONTENTS,
} from './content/rapidresin';

/** The default gallery's artwork, by stage: the damaged pipe, the liner going in, the lined pipe. */
const GALLERY_ART: readonly { kind: CctvKind; distance: string }[] = [
  { kind: 'crack', distance: '9.6 m' },
  { kind: 'liner', distance: '9.6 m' },
  { kind: 'lined', distance: '9.6 m' },
];

/** One column on a phone, two from 600 px, three on desktop (the container is 1280 px at most). */
const GALLERY_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 600px) 50vw, 100vw';

function TickIcon() {
  return (
    <svg className="rr-icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={24} height={24}>
      <circle cx="12" cy="12" r="12" fill="currentColor" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** spec §2 Resin page (/rapidresin): the RapidResin liner and resin range; enquiries open the product enquiry dialog (issue 5). */
export default function RapidResinPage() {
  const { openProductEnquiry } = useProductEnquiry();
  const { gallery } = useSiteContent();

  return (
    <>
      <section className="hero hero--media rr-hero" aria-labelledby="rapidresin-title">
        <div className="hero__grid">
          <div className="hero__content">
            <p className="hero__eyebrow">{RESIN_HERO.eyebrow}</p>
            <h1 id="rapidresin-title" className="hero__title rr-hero__title">
              {RESIN_HERO.title}
            </h1>
            <p className="hero__lead">{RESIN_HERO.lead}</p>
            <div className="hero__actions">
              <button type="button" className="button button--primary" onClick={() => openProductEnquiry()}>
                Learn More
              </button>
              <button type="button" className="button button--ghost" onClick={() => openProductEnquiry()}>
                Enquire Now
              </button>
            </div>
          </div>
          <HeroMedia slot="rapidresin.hero" />
        </div>
      </section>

      <section className="section" aria-labelledby="rapidresin-range">
        <div className="container">
          <h2 id="rapidresin-range" className="section__title">
            The RapidResin Range
          </h2>
          <ul className="cards rr-products">
            {RESIN_PRODUCTS.map((item) => (
              <li key={item.product} className="card rr-product">
                <h3>{item.product}</h3>
                <p className="rr-product__tagline">{item.tagline}</p>
                <p>{item.text}</p>
                <ul className="rr-checklist">
                  {item.points.map((point) => (
                    <li key={point}>
                      <TickIcon />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
                <button type="button" className="button button--secondary rr-product__action" onClick={() => openProductEnquiry(item.product)}>
                  Request Pricing<span className="visually-hidden"> for {item.product}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="rapidresin-benefits">
        <div className="container">
          <h2 id="rapidresin-benefits" className="section__title">
            Why Plumbers Choose RapidResin
          </h2>
          <ul className="cards">
            {RESIN_BENEFITS.map((benefit) => (
              <li key={benefit.title} className="card rr-benefit">
                <TickIcon />
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="rapidresin-technical">
        <div className="container">
          <h2 id="rapidresin-technical" className="section__title">
            Technical Performance
          </h2>
          <ul className="rr-figures">
            {RESIN_FIGURES.map((figure) => (
              <li key={figure.label} className="rr-figure">
                <h3 className="rr-figure__label">{figure.label}</h3>
                <p className="rr-figure__value">
                  {figure.qualifier ? <span className="rr-figure__qualifier">{figure.qualifier} </span> : null}
                  {figure.value}
                </p>
                <p className="rr-figure__text">{figure.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="rapidresin-gallery">
        <div className="container">
          <h2 id="rapidresin-gallery" className="section__title">
            Before, During and After
          </h2>
          <ul className="rr-gallery">
            {gallery.length > 0
              ? gallery.map((image) => (
                  <li key={image.id}>
                    <figure className="rr-gallery__figure">
                      <ResponsiveImage image={image} sizes={GALLERY_IMAGE_SIZES} className="rr-gallery__photo" />
                      {image.caption ? <figcaption className="rr-gallery__caption">{image.caption}</figcaption> : null}
                    </figure>
                  </li>
                ))
              : RESIN_GALLERY.map((item, index) => {
                  const art = GALLERY_ART[index % GALLERY_ART.length]!;
                  return (
                    <li key={item.stage}>
                      <figure className="rr-gallery__figure">
                        <ArtFrame>
                          <Artwork name={cctvArtworkName(art.kind, art.distance)} />
                        </ArtFrame>
                        <figcaption className="rr-gallery__caption">
                          <span className="rr-stage">{item.stage}</span> {item.caption}
                        </figcaption>
                      </figure>
                    </li>
                  );
                })}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="rapidresin-system">
        <div className="container narrow">
          <h2 id="rapidresin-system" className="section__title">
            What Comes in the System
          </h2>
          <ul className="rr-checklist rr-checklist--large">
            {RESIN_SYSTEM_CONTENTS.map((item) => (
              <li key={item}>
                <TickIcon />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="rapidresin-distribution">
        <div className="container">
          <h2 id="rapidresin-distribution" className="section__title">
            {RESIN_DISTRIBUTION.title}
          </h2>
          <p className="rr-intro">{RESIN_DISTRIBUTION.text}</p>
          <ul className="cards">
            {RESIN_DISTRIBUTION.channels.map((channel) => (
              <li key={channel.title} className="card">
                <h3>{channel.title}</h3>
                <p>{channel.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {RESIN_DOCUMENTS.length > 0 ? (
        <section className="section" aria-labelledby="rapidresin-downloads">
          <div className="container narrow">
            <h2 id="rapidresin-downloads" className="section__title">
              Downloads
            </h2>
            <ul className="rr-downloads">
              {RESIN_DOCUMENTS.map((doc) => (
                <li key={doc.href}>
                  <a className="button button--secondary" href={doc.href} download>
                    {doc.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="cta" aria-labelledby="rapidresin-partners">
        <div className="container cta__inner">
          <h2 id="rapidresin-partners">{RESIN_PARTNERS.title}</h2>
          <p className="rr-cta__text">{RESIN_PARTNERS.text}</p>
          <div className="rr-actions">
            <button type="button" className="button button--primary" onClick={() => openProductEnquiry('RapidResin Network')}>
              Join the RapidResin Network
            </button>
            <button type="button" className="button button--ghost" onClick={() => openProductEnquiry()}>
              Request Pricing
            </button>
            <Link href="/plumber-portal" className="button button--ghost">
              Partner Portal
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
