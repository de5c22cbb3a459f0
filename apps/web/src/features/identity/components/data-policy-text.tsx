/** The personal-data policy text (Ley 1581 de 2012): responsible, data, purposes, rights, how to exercise them. */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import './identity.css';

interface PolicySection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

export function DataPolicyText({ version }: { version: string }) {
  const { t } = useTranslation();
  const sections = t('identity.dataPolicy.sections', { returnObjects: true }) as PolicySection[] | string;
  return (
    <article className="pv-policy">
      <p className="pv-hint">{t('identity.dataPolicy.version', { version })}</p>
      <p className="lead">{t('identity.dataPolicy.intro')}</p>
      {Array.isArray(sections)
        ? sections.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.items ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {section.paragraphs?.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
            </section>
          ))
        : null}
      <p>
        <AppLink to="/help">{t('menu.help')}</AppLink> · <AppLink to="/contact">{t('menu.about')}</AppLink>
      </p>
    </article>
  );
}
