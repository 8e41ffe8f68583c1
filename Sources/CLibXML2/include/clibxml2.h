/* libxml2 for Swift, opened with dlopen on first use: only parsing needs it (and ICU, lzma and zlib
 * under it), and linking it made every start-up, even `lector version`, load and relocate them.
 * The lx_ functions have the signatures of the libxml2 functions they are named after.
 * If libxml2 cannot be loaded the first call prints one line naming the package and exits 1: a
 * parse cannot go on without it, as the dynamic loader would have refused to start before.
 * `libxml` here is a link to /usr/include/libxml2/libxml (libxml2-dev), so that the targets that
 * import this module find libxml2's headers without pkg-config (which would link the library). */
#ifndef LECTOR_CLIBXML2_H
#define LECTOR_CLIBXML2_H
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

void lx_xmlInitParser(void);
xmlParserCtxtPtr lx_xmlCreatePushParserCtxt(xmlSAXHandlerPtr sax, void *user_data, const char *chunk, int size, const char *filename);
int lx_xmlParseChunk(xmlParserCtxtPtr ctxt, const char *chunk, int size, int terminate);
int lx_xmlCtxtResetPush(xmlParserCtxtPtr ctxt, const char *chunk, int size, const char *filename, const char *encoding);
int lx_xmlCtxtUseOptions(xmlParserCtxtPtr ctxt, int options);
void lx_xmlStopParser(xmlParserCtxtPtr ctxt);
void lx_xmlFreeParserCtxt(xmlParserCtxtPtr ctxt);
void lx_xmlFreeDoc(xmlDocPtr doc);
void lx_xmlSetStructuredErrorFunc(void *ctx, xmlStructuredErrorFunc handler);
htmlDocPtr lx_htmlReadMemory(const char *buffer, int size, const char *url, const char *encoding, int options);
const htmlEntityDesc *lx_htmlEntityLookup(const xmlChar *name);
void lx_xmlSAX2StartDocument(void *ctx);
void lx_xmlSAX2InternalSubset(void *ctx, const xmlChar *name, const xmlChar *externalID, const xmlChar *systemID);
xmlEntityPtr lx_xmlSAX2GetEntity(void *ctx, const xmlChar *name);
void lx_xmlSAX2EntityDecl(void *ctx, const xmlChar *name, int type, const xmlChar *publicId, const xmlChar *systemId, xmlChar *content);
xmlDocPtr lx_xmlNewDoc(const xmlChar *version);
xmlDtdPtr lx_xmlCreateIntSubset(xmlDocPtr doc, const xmlChar *name, const xmlChar *externalID, const xmlChar *systemID);
xmlEntityPtr lx_xmlGetDocEntity(const xmlDoc *doc, const xmlChar *name);
xmlEntityPtr lx_xmlAddDocEntity(xmlDocPtr doc, const xmlChar *name, int type, const xmlChar *externalID,
                                const xmlChar *systemID, const xmlChar *content);
xmlNodePtr lx_xmlDocGetRootElement(const xmlDoc *doc);

/* Silences (1) or restores (0) libxml2's generic error channel on this thread: Swift cannot
   define the variadic callback it wants. */
void lector_xml_silence_generic_errors(int silence);
/* An attribute's value (its text and entity children joined, as libxml2 itself joins them), newly
   allocated: free it with lector_xml_free. */
char *lector_xml_attribute_value(const xmlAttr *attribute);
void lector_xml_free(void *pointer);
#endif
