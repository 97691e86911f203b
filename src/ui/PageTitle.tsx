import { Heading } from '@chakra-ui/react';
import { useEffect } from 'react';

/** The page's h1; also names the browser tab. */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Lift-Portal`;
  }, [title]);
  return (
    <Heading as="h1" size={{ base: 'xl', md: '2xl' }} marginBottom="4">
      {title}
    </Heading>
  );
}
