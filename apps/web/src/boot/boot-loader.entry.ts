// Built on its own as a classic script (build/deferred-boot.ts): index.html's only script.
import { bootAfterContent } from './boot-loader';

bootAfterContent(document, window);
