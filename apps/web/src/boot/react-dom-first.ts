/**
 * React DOM, evaluated in a task of its own before the app's entry (build/deferred-boot.ts's
 * FIRST_MODULES): two thirds of the code the entry's module graph evaluated in one piece.
 */
import 'react-dom/client';
