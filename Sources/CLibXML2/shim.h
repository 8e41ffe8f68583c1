#ifndef LECTOR_CLIBXML2_SHIM_H
#define LECTOR_CLIBXML2_SHIM_H
/* The system ICU clashes with Foundation's ICU ('UErrorCode' has different definitions),
   so hide libxml2's ICU bits before pulling in the rest of its headers. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlstring.h>
#include <libxml/xmlreader.h>

/* Swift cannot define the variadic callback libxml2's generic error channel wants, so the
   no-op handler lives here. libxml2 keeps this handler per thread; pass 0 to restore the default. */
static void lector_xml_ignore_generic_error(void *ctx, const char *msg, ...) {
    (void)ctx;
    (void)msg;
}

static inline void lector_xml_silence_generic_errors(int silence) {
    xmlSetGenericErrorFunc(NULL, silence ? lector_xml_ignore_generic_error : NULL);
}
/* An attribute's value (its text and entity children joined, as libxml2 itself joins them), newly
   allocated: free it with lector_xml_free. xmlFree is a global function pointer, awkward from Swift. */
static inline char *lector_xml_attribute_value(const xmlAttr *attribute) {
    return (char *)xmlNodeListGetString(attribute->doc, attribute->children, 1);
}

static inline void lector_xml_free(void *pointer) {
    xmlFree(pointer);
}
#endif
